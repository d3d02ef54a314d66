import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Without SMTP or SMS credentials every message is written to DATA_DIR/outbox/ instead of being sent: one file per
 * message, named so that `ls` lists them in the order they were written.
 */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export async function writeToOutbox(
  dataDir: string,
  kind: 'mail' | 'sms' | 'whatsapp',
  extension: 'eml' | 'json',
  content: string | Buffer,
): Promise<string> {
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${kind}-${randomBytes(4).toString('hex')}.${extension}`);
  await writeFile(file, content, { mode: 0o600 });
  return file;
}
