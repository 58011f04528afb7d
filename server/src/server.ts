import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config/env.ts';
import { openDatabase } from '#server/db/client.ts';
import { seedCatalogueIfEmpty } from '#server/db/seed/seed.ts';
import { runMain } from '#server/lib/run-main.ts';

/** Starts the shop: migrate, seed an empty catalogue, listen, and close cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database, serveWebApp: true });
  const seeded = await seedCatalogueIfEmpty(database.db);
  if (seeded > 0) app.log.info(`Seeded the catalogue with ${seeded} products`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

runMain(main);
