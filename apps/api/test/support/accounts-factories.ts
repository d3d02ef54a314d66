import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { GOOD_PASSWORD, uniquePhone } from './people';
import type { TestContext } from './test-app';

export { canonical, codeIn, GOOD_PASSWORD, uniquePhone } from './people';

/*
 * Real protocol peers on loopback for the account tests: an SMTP server that receives what the app mails, and an
 * Africa's Talking look-alike that receives its SMS. Plus helpers to sign up and sign in through the API.
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export const SMTP_USER = 'urembo-mailer';
export const SMTP_PASS = 'smtp-test-secret';

/**
 * An SMTP server on loopback (on `port`, or any free one). `peer.mode` makes it refuse: `temporary` answers 451 to
 * each message (try again later), `permanent` 550 to each recipient (no such mailbox).
 */
export async function startSmtpServer(options: { port?: number } = {}) {
  const messages: ReceivedMail[] = [];
  const peer = { mode: 'ok' as 'ok' | 'temporary' | 'permanent' };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, callback) {
      if (peer.mode !== 'permanent') return callback();
      return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      if (peer.mode === 'temporary') {
        stream.resume();
        stream.on('end', () =>
          callback(Object.assign(new Error('Busy, try again later'), { responseCode: 451 })),
        );
        return;
      }
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`,
    peer,
    messages,
    /** The mails one address received so far. */
    to(address: string): ReceivedMail[] {
      return messages.filter((m) => m.to.includes(address));
    },
    /** Waits until the address has received `count` mails and answers the last one. */
    async waitFor(address: string, count = 1, timeoutMs = 5_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const received = messages.filter((m) => m.to.includes(address));
        if (received.length >= count) return received[count - 1]!;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail #${count} for ${address} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpServer>>;

export const AT_USERNAME = 'urembo-test';
export const AT_API_KEY = 'at-test-api-key-0123456789';
export const AT_SENDER_ID = 'UREMBO';

export interface ReceivedSms {
  username: string;
  to: string;
  message: string;
  from: string | null;
  headers: IncomingMessage['headers'];
}

/**
 * Answers like Africa's Talking's POST /version1/messaging: checks the apiKey header, the form fields and the E.164
 * number, then answers 201 with a recipient statusCode. `mode` switches to a refusal, a 500 or silence.
 */
export async function startAfricasTalkingPeer() {
  const received: ReceivedSms[] = [];
  const peer = { mode: 'ok' as 'ok' | 'invalid-number' | 'server-error' | 'silent' };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/version1/messaging') return reply(404, 'Not Found');
      if (req.headers.apikey !== AT_API_KEY) return reply(401, 'The supplied authentication is invalid');
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) {
        return reply(415, 'form-urlencoded only');
      }
      if (req.headers.accept !== 'application/json') return reply(406, 'Accept application/json');
      const form = new URLSearchParams(raw);
      const sms: ReceivedSms = {
        username: form.get('username') ?? '',
        to: form.get('to') ?? '',
        message: form.get('message') ?? '',
        from: form.get('from'),
        headers: req.headers,
      };
      if (sms.username !== AT_USERNAME) return reply(401, 'Invalid username');
      if (!/^\+254[17]\d{8}$/.test(sms.to)) {
        return reply(201, {
          SMSMessageData: {
            Message: 'Sent to 0/1 Total Cost: 0',
            Recipients: [{ statusCode: 403, number: sms.to, status: 'InvalidPhoneNumber', cost: '0' }],
          },
        });
      }
      if (peer.mode === 'silent') return; // never answers
      if (peer.mode === 'server-error') return reply(500, 'Internal Server Error');
      received.push(sms);
      if (peer.mode === 'invalid-number') {
        return reply(201, {
          SMSMessageData: {
            Message: 'Sent to 0/1 Total Cost: 0',
            Recipients: [{ statusCode: 403, number: sms.to, status: 'InvalidPhoneNumber', cost: '0' }],
          },
        });
      }
      return reply(201, {
        SMSMessageData: {
          Message: 'Sent to 1/1 Total Cost: KES 0.8000',
          Recipients: [
            {
              statusCode: 101,
              number: sms.to,
              status: 'Success',
              cost: 'KES 0.8000',
              messageId: `ATXid_${received.length}`,
            },
          ],
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    peer,
    to: (e164: string) => received.filter((s) => s.to === e164),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type AtPeer = Awaited<ReturnType<typeof startAfricasTalkingPeer>>;

let ipCounter = 0;
/** A fresh client address, so one test's attempts do not count against another's rate limits. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/** The session cookie a response set, as a Cookie header ("urembo_session=..."). */
export function sessionCookieFrom(response: { headers: Record<string, unknown> }): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [header];
  const session = cookies.find((c): c is string => typeof c === 'string' && c.startsWith('urembo_session='));
  if (!session) throw new Error('no session cookie was set');
  return session.split(';')[0]!;
}

export async function signUp(
  ctx: TestContext,
  body: { fullName?: string; email?: string; phone?: string; password?: string } = {},
  ip = freshIp(),
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    remoteAddress: ip,
    payload: { fullName: 'Achieng Otieno', phone: uniquePhone(), password: GOOD_PASSWORD, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return {
    user: response.json().user as { _id: string; phone: string; email: string | null },
    cookie: sessionCookieFrom(response),
  };
}

export function post(
  ctx: TestContext,
  url: string,
  payload?: unknown,
  options: { cookie?: string; ip?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    remoteAddress: options.ip ?? freshIp(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}
