// First: V8's settings, before anything is allocated.
import './runtime-settings';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { imageStoreFor } from './modules/catalogue';
import { ensureAdmin } from './modules/users';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // The app's logger exists only once the app is built; the pool may report a lost connection any time after.
  const logger: { current?: FastifyBaseLogger } = {};
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (err) =>
      logger.current?.warn({ err }, 'database connection lost; reconnecting on the next request'),
  });
  const app = await buildApp({ config, database });
  const log = app.log;
  logger.current = log;

  try {
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
    const imported = await imageStoreFor({ config, db: database.db }).importDiskImagesOnce();
    if (imported > 0)
      log.info(`pictures: copied ${imported} from ${config.dataDir}/images into the database`);
    if (config.admin) {
      const result = await ensureAdmin(database.db, config.admin);
      log.info(
        `admin account ${result}: sign in at ${config.publicUrl}/signin with phone ${config.admin.phone}`,
      );
    }
    if (config.seedDemo) {
      // Demo code is a chunk of its own (dev/), loaded only here: a real shop's process never holds it.
      const { seedDemoShop } = await import('./dev/seed-demo');
      await seedDemoShop(database.db, config, log);
    }
  } catch (err) {
    log.fatal({ err }, 'start-up failed');
    await app.close();
    await database.close();
    process.exit(1);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      log.error('shutdown took over 10 s: exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      log.info('shut down cleanly');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  log.info(`Urembo is serving ${config.publicUrl} (database: ${database.dialect})`);
  if (config.mpesa.mode === 'simulator') {
    log.info(`M-Pesa: the demo simulator answers; its test phone is ${config.publicUrl}/dev/phone`);
  } else if (config.mpesa.mode === 'off' && config.nodeEnv !== 'production') {
    log.info(
      'M-Pesa: no Daraja credentials and PUBLIC_URL is not this machine, so no STK prompts and no demo simulator ' +
        '(set MPESA_SIMULATOR=true for a demo on a public address)',
    );
  }
}

void main();
