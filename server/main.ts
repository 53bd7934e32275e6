/**
 * Entry: config -> database (migrate, seed) -> listen; graceful shutdown on SIGTERM/SIGINT.
 * With WEB_CONCURRENCY > 1 this process migrates and seeds, then supervises that many server
 * processes (cluster.ts), each of which only opens the database and listens.
 */
import cluster from 'node:cluster';
import { superviseWorkers } from './cluster';
import { listenUrl, loadConfig, type ResolvedConfig } from './config';
import { createDatabase, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seed } from './db/seed';

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, createDatabase(config));
  const database = createDatabase(config);
  await migrateToLatest(database);
  const seeded = await seed(database, config);
  if (seeded.generatedAdminPassword)
    // Printed once, on purpose outside the JSON log: it is never stored in clear anywhere.
    process.stdout.write(
      [
        '',
        '==================================================================',
        ' Atrium default administrator created',
        `   e-mail:   ${config.adminEmail}`,
        `   password: ${seeded.generatedAdminPassword}`,
        ' This password is shown only now. Change it after signing in.',
        '==================================================================',
        '',
      ].join('\n') + '\n',
    );
  if (config.workers > 1) {
    await database.close();
    superviseWorkers(config.workers, (message) => process.stdout.write(`${message}\n`));
    return;
  }
  await serve(config, database);
}

/** Builds the app on the migrated database and listens until SIGTERM / SIGINT. */
async function serve(config: ResolvedConfig, database: Database): Promise<void> {
  // Loaded here, not at the top: a supervising primary never serves, so it never loads the app.
  const { buildApp } = await import('./app');
  const app = await buildApp(config, { database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const bound = app.server.address();
  // PORT 0 lets the system pick the port: unconfigured mailed links must name the one it picked.
  // Mail links read config.publicUrl when a mail is written, so this reaches them.
  if (config.publicUrlSource === 'derived' && bound && typeof bound === 'object')
    config.publicUrl = listenUrl(config.host, bound.port);
  const source =
    config.publicUrlSource === 'configured'
      ? 'configured by PUBLIC_URL'
      : 'derived from HOST and PORT; set PUBLIC_URL when people reach the console at another address';
  app.log.info(
    {
      url: config.publicUrl,
      publicUrlSource: config.publicUrlSource,
      database: database.dialect,
      staticDir: config.staticDir,
    },
    `Atrium is listening; mailed links point at ${config.publicUrl} (${source})`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Atrium failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  if (error instanceof Error && error.cause)
    process.stderr.write(`  cause: ${String(error.cause)}\n`);
  process.exit(1);
});
