import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadDatabaseLocation } from './config';
import { BackupError, backupDatabase, restoreDatabase, type DatabaseLocation } from './db/backup';
import { openDatabase, sqliteFileIn } from './db/database';
import { imageStoreFor } from './modules/catalogue';

/*
 * `npm run backup -- FILE` and `npm run restore -- FILE` (this file is dist/backup.js): a consistent copy of the
 * shop's database while it runs, and its restore into an empty database. docs/runbooks/backups.md.
 */

const USAGE = 'Usage: npm run backup -- FILE   or   npm run restore -- FILE';

async function main(): Promise<void> {
  const [command, file, ...extra] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file || extra.length > 0) {
    console.error(USAGE);
    process.exit(2);
  }
  let where: DatabaseLocation;
  try {
    where = loadDatabaseLocation();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
  try {
    if (command === 'backup') await includeDiskPictures(where);
    const done =
      command === 'backup' ? await backupDatabase(where, file) : await restoreDatabase(where, file);
    process.stdout.write(`${done}\n`);
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/**
 * Pictures live in the database; only a shop that has not started since they moved there still has some in
 * DATA_DIR/images alone. The server copies those in at its start; a backup taken before that copies them first.
 */
async function includeDiskPictures(where: DatabaseLocation): Promise<void> {
  const dir = path.join(where.dataDir, 'images');
  if (!existsSync(dir) || readdirSync(dir).length === 0) return;
  // No database yet: nothing to add them to (the backup says so).
  if (!where.databaseUrl && !existsSync(sqliteFileIn(where.dataDir))) return;
  const database = openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir });
  try {
    const copied = await imageStoreFor({ config: where, db: database.db }).importDiskImagesOnce();
    if (copied > 0) process.stdout.write(`Copied ${copied} pictures from ${dir} into the database first.\n`);
  } catch (err) {
    throw new BackupError(
      `The pictures in ${dir} could not be copied into the database before the backup (${(err as Error).message}). ` +
        'Start the shop once with this version (it copies them), then back up.',
    );
  } finally {
    await database.close();
  }
}

void main();
