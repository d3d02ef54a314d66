import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DarajaError,
  createDarajaClient,
  darajaPassword,
  darajaTimestamp,
  isStillProcessing,
  type DarajaSettings,
} from '../src/modules/payments/daraja-client';
import { DarajaPeer, PEER_CREDENTIALS } from './support/daraja-peer';

const CALLBACK = 'http://127.0.0.1:9/api/v1/m-pesa/callback/test-secret-test-secret-0001';
const PUSH = {
  amount: 2350,
  phone: '254712345678',
  accountReference: 'URABCDEF0123',
  description: 'Urembo order',
};

let peer: DarajaPeer;

function settings(overrides: Partial<DarajaSettings> = {}): DarajaSettings {
  return {
    baseUrl: peer.url,
    ...PEER_CREDENTIALS,
    callbackUrl: CALLBACK,
    timeoutMs: 2000,
    ...overrides,
  };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  peer = await new DarajaPeer({ ...PEER_CREDENTIALS, callbackUrl: CALLBACK }).start();
});
afterAll(() => peer.stop());
beforeEach(() => {
  peer.problems.length = 0;
  peer.oauthCalls = 0;
  peer.delayMs = 0;
  peer.oauthDelayMs = 0;
  peer.expiresIn = '3599';
  peer.failPushWith = null;
});

describe('Daraja timestamp and password', () => {
  it('uses Nairobi time (UTC+3) whatever the machine time zone', () => {
    expect(darajaTimestamp(new Date('2024-12-31T22:30:05Z'))).toBe('20250101013005');
    expect(darajaTimestamp(new Date('2025-06-15T00:00:00.000Z'))).toBe('20250615030000');
    const previous = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      expect(darajaTimestamp(new Date('2024-02-28T21:59:59Z'))).toBe('20240229005959');
    } finally {
      process.env.TZ = previous;
    }
  });

  it('is base64 of shortcode + passkey + timestamp', () => {
    const pw = darajaPassword('174379', PEER_CREDENTIALS.passkey, '20250101013005');
    expect(Buffer.from(pw, 'base64').toString('ascii')).toBe(
      `174379${PEER_CREDENTIALS.passkey}20250101013005`,
    );
  });
});

describe('Daraja client against a Daraja peer', () => {
  it('sends an STK push the peer finds correct in every field', async () => {
    const client = createDarajaClient(settings());
    const accepted = await client.stkPush(PUSH);
    expect(peer.problems).toEqual([]);
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(accepted.checkoutRequestId).toBe(peer.lastPush().checkoutRequestId);
    expect(peer.lastPush().body).toMatchObject({
      Amount: 2350,
      PartyA: '254712345678',
      PhoneNumber: '254712345678',
      PartyB: '174379',
      TransactionType: 'CustomerPayBillOnline',
      AccountReference: 'URABCDEF0123',
      TransactionDesc: 'Urembo order',
      CallBackURL: CALLBACK,
    });
  });

  it('caches one token for several pushes and shares one fetch between concurrent pushes', async () => {
    const client = createDarajaClient(settings());
    peer.oauthDelayMs = 150;
    await Promise.all([1, 2, 3, 4, 5].map(() => client.stkPush(PUSH)));
    expect(peer.oauthCalls).toBe(1);
    await client.stkPush(PUSH);
    await client.stkQuery(peer.lastPush().checkoutRequestId).catch(() => undefined);
    expect(peer.oauthCalls).toBe(1);
    expect(peer.problems).toEqual([]);
  });

  it.each([['3599'], [3599]])(
    'reads expires_in %j and refreshes the token before it expires',
    async (expiresIn) => {
      peer.expiresIn = expiresIn;
      let clock = Date.now();
      const client = createDarajaClient(settings(), { now: () => clock });
      const first = await client.accessToken();
      clock += 3000 * 1000; // 50 minutes: still valid
      expect(await client.accessToken()).toBe(first);
      clock += 540 * 1000; // 59 minutes: within the last minute, refreshed early
      const second = await client.accessToken();
      expect(second).not.toBe(first);
      expect(peer.oauthCalls).toBe(2);
    },
  );

  it('refreshes once and retries when Daraja says the token is invalid', async () => {
    const client = createDarajaClient(settings());
    await client.stkPush(PUSH);
    peer.revokeTokens();
    await client.stkPush(PUSH);
    expect(peer.oauthCalls).toBe(2);
    expect(peer.problems).toEqual([]);
  });

  it('says when Daraja cannot be reached', async () => {
    const client = createDarajaClient(settings({ baseUrl: `http://127.0.0.1:${await closedPort()}` }));
    const err = await client.stkPush(PUSH).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DarajaError);
    expect((err as DarajaError).kind).toBe('unreachable');
  });

  it('gives up after the time-out', async () => {
    const client = createDarajaClient(settings({ timeoutMs: 300 }));
    await client.accessToken();
    peer.delayMs = 1500;
    const started = Date.now();
    const err = await client.stkPush(PUSH).catch((e: unknown) => e);
    expect((err as DarajaError).kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('reads Daraja error bodies and bare 5xx answers', async () => {
    const client = createDarajaClient(settings());
    peer.failPushWith = {
      status: 400,
      body: { requestId: 'r1', errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' },
    };
    const rejected = (await client.stkPush(PUSH).catch((e: unknown) => e)) as DarajaError;
    expect(rejected).toMatchObject({ kind: 'rejected', errorCode: '400.002.02', httpStatus: 400 });
    expect(rejected.message).toBe('Bad Request - Invalid PhoneNumber');
    peer.failPushWith = { status: 502 };
    const failed = (await client.stkPush(PUSH).catch((e: unknown) => e)) as DarajaError;
    expect(failed).toMatchObject({ kind: 'failed', httpStatus: 502 });
  });

  it('treats "The transaction is being processed" as still pending', async () => {
    const client = createDarajaClient(settings());
    const { checkoutRequestId } = await client.stkPush(PUSH);
    const err = await client.stkQuery(checkoutRequestId).catch((e: unknown) => e);
    expect(isStillProcessing(err)).toBe(true);
    peer.answerQueries(checkoutRequestId, {
      kind: 'result',
      resultCode: '1032',
      resultDesc: 'Request cancelled by user',
    });
    expect(await client.stkQuery(checkoutRequestId)).toMatchObject({
      resultCode: '1032',
      resultDesc: 'Request cancelled by user',
    });
    expect(peer.problems).toEqual([]);
  });
});
