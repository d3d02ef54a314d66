import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The built server (npm test builds it first). */
export const BUILT_SERVER = path.resolve(import.meta.dirname, '../../dist/server.js');

export interface ServerProcess {
  child: ChildProcess;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
}

/** Starts the built server as a real process with only these variables (and PATH). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', SEED_DEMO: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until the server on that port answers its health check. */
export async function waitForHealth(port: number, process?: ServerProcess): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start${process ? `:\n${process.output()}` : ''}`);
}
