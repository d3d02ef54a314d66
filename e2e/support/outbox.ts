import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';

/*
 * The e2e servers have no SMTP or SMS gateway: they write every mail (.eml) and SMS (.json) to DATA_DIR/outbox/.
 * playwright.config.ts fixes each project's DATA_DIR and passes it in the project's metadata.
 */

/** Where a server writes: the project's server (its TestInfo), or a server of a spec's own (its DATA_DIR). */
export type OutboxOf = TestInfo | string;

function outboxOf(where: OutboxOf): string {
  if (typeof where === 'string') return path.join(where, 'outbox');
  const testInfo = where;
  const dataDir = (testInfo.project.metadata as { dataDir?: string }).dataDir;
  if (!dataDir) throw new Error('the project has no metadata.dataDir (see playwright.config.ts)');
  return path.join(dataDir, 'outbox');
}

export interface OutboxMail {
  to: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
}

/** Quoted-printable (RFC 2045) as nodemailer writes it: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parseEml(raw: string): OutboxMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  const body = rest.join('\n\n');
  // The text/plain part of the multipart/alternative body.
  const part = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(body);
  const partHead = /Content-Type: text\/plain[^]*?\r?\n\r?\n/i.exec(body)?.[0] ?? '';
  let text = part?.[1] ?? body;
  if (/quoted-printable/i.test(partHead)) text = decodeQuotedPrintable(text);
  else if (/base64/i.test(partHead)) text = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { to: header('To'), subject: header('Subject'), text };
}

async function readAll(testInfo: OutboxOf, extension: string): Promise<string[]> {
  const dir = outboxOf(testInfo);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(extension)).sort();
  return Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
}

/** Waits for the `count`-th mail to `to` (1 = the first) and answers it. */
export async function waitForMail(
  testInfo: TestInfo,
  to: string,
  count = 1,
  timeoutMs = 10_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readAll(testInfo, '.eml')).map(parseEml).filter((m) => m.to.includes(to));
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline)
      throw new Error(`no mail #${count} to ${to} in the outbox within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for the `count`-th SMS to an E.164 number. */
export async function waitForSms(
  testInfo: TestInfo,
  to: string,
  count = 1,
  timeoutMs = 10_000,
): Promise<{ to: string; message: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = (await readAll(testInfo, '.json')).map(
      (raw) => JSON.parse(raw) as { to: string; message: string },
    );
    const sms = all.filter((s) => s.to === to);
    if (sms.length >= count) return sms[count - 1]!;
    if (Date.now() > deadline)
      throw new Error(`no SMS #${count} to ${to} in the outbox within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for an SMS to an E.164 number whose text matches `text`, and answers it. */
export async function waitForSmsLike(
  testInfo: OutboxOf,
  to: string,
  text: RegExp,
  timeoutMs = 10_000,
): Promise<{ to: string; message: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const all = (await readAll(testInfo, '.json')).map(
      (raw) => JSON.parse(raw) as { to: string; message: string },
    );
    const sms = all.find((s) => s.to === to && text.test(s.message));
    if (sms) return sms;
    if (Date.now() > deadline)
      throw new Error(`no SMS to ${to} matching ${text} in the outbox within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
