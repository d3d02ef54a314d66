import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh, empty PostgreSQL database beside the test database (for what works on a whole database, such as a
 * server process or pg_dump), dropped by `drop()`.
 */
export async function createPgDatabase(
  pgUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `urembo_t_${randomBytes(6).toString('hex')}`;
  await onServer(pgUrl, `create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => onServer(pgUrl, `drop database if exists ${name} with (force)`),
  };
}

async function onServer(pgUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
