// The bench's baseline: a bare Fastify route in a process of its own (as the shop's server is), so the load
// generator and the baseline do not share a thread. `/replay` answers with the body and headers last PUT to it.
// `/empty-page` is Lighthouse's baseline: a page with a heading and a sentence, no style, no script, no picture.
//   node apps/api/bench/bare-server.mjs <port>
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ bodyLimit: 10 * 1024 * 1024 });
app.get('/bare', async () => ({ status: 'ok', data: [1, 2, 3] }));
const EMPTY_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Empty page</title><meta name="description" content="What Lighthouse counts for a page with nothing in it."></head>
<body><h1>Urembo</h1><p>A page with nothing in it: what Lighthouse counts on this machine for any page.</p></body>
</html>
`;
app.get('/empty-page', (_request, reply) => reply.type('text/html; charset=utf-8').send(EMPTY_PAGE));
let replay = { body: Buffer.alloc(0), headers: {} };
app.get('/replay', (_request, reply) => reply.headers(replay.headers).send(replay.body));
app.put('/replay', async (request) => {
  const { body, headers } = request.body;
  replay = { body: Buffer.from(body, 'base64'), headers };
  return { ok: true };
});
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
