// The bench's baseline: a bare Fastify route in a process of its own (as the shop's server is), so the load
// generator and the baseline do not share a thread. `/replay` answers with the body and headers last PUT to it.
//   node apps/api/bench/bare-server.mjs <port>
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ bodyLimit: 10 * 1024 * 1024 });
app.get('/bare', async () => ({ status: 'ok', data: [1, 2, 3] }));
let replay = { body: Buffer.alloc(0), headers: {} };
app.get('/replay', (_request, reply) => reply.headers(replay.headers).send(replay.body));
app.put('/replay', async (request) => {
  const { body, headers } = request.body;
  replay = { body: Buffer.from(body, 'base64'), headers };
  return { ok: true };
});
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
