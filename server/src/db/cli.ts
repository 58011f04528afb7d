import { sql } from 'drizzle-orm';
import { loadConfig } from '#server/config/env.ts';
import { type Database, type DatabaseHandle, openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema/accounts.ts';
import { productImages, products } from '#server/db/schema/catalogue.ts';
import { images } from '#server/db/schema/media.ts';
import { orders } from '#server/db/schema/orders.ts';
import { SEED_PRODUCTS } from '#server/db/seed/catalogue-data.ts';
import { SEED_REVIEWER_DOMAIN } from '#server/db/seed/reviews-data.ts';
import { insertSeedProducts } from '#server/db/seed/seed.ts';
import { createCatalogueService } from '#server/features/catalogue/catalogue.service.ts';
import { runMain } from '#server/lib/run-main.ts';

/**
 * `npm run db:migrate` and `npm run db:seed`, on the database the shop is
 * configured with (DATA_DIR or DATABASE_URL). Stop a shop that uses the same
 * PGlite folder first: openDatabase refuses a folder another process holds.
 */
const USAGE = `Usage: node --import tsx server/src/db/cli.ts <command>

Commands:
  migrate   apply the committed SQL migrations
  seed      migrate, then replace the whole catalogue with the seed products`;

const COMMANDS: Record<string, (database: DatabaseHandle) => Promise<void>> = {
  migrate: async (database) => {
    await database.migrate();
    console.log('Migrations applied.');
  },
  seed: async (database) => {
    await database.migrate();
    const { removed, inserted } = await database.db.transaction(async (tx) => {
      const removed = await emptyCatalogue(tx);
      return { removed, inserted: await insertSeedProducts(tx, SEED_PRODUCTS) };
    });
    console.log(`Migrations applied. Removed ${removed} products; inserted ${inserted}.`);
  },
};

/**
 * Deletes every product (its stock and reviews go with it) and the images its
 * links pointed at. The links and the images go in one statement, so the
 * foreign key is checked once both are gone. The seed reviewers' orders go
 * first: the new seed gives them new ones of the new products.
 */
async function emptyCatalogue(db: Database): Promise<number> {
  await db.execute(
    sql`delete from ${orders} where ${orders.userId} in
        (select ${users.id} from ${users} where ${users.email} like ${`%@${SEED_REVIEWER_DOMAIN}`})`,
  );
  await db.execute(
    sql`with links as (delete from ${productImages} returning image_id)
        delete from ${images} where ${images.id} in (select image_id from links)`,
  );
  const [row] = await db
    .with(db.$with('gone').as(db.delete(products).returning({ id: products.id })))
    .select({ count: sql<number>`count(*)::int` })
    .from(sql`gone`);
  // Running servers drop what they cached of the catalogue at this commit.
  await createCatalogueService(db).catalogueChanged(db);
  return row?.count ?? 0;
}

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ? COMMANDS[argv[0]] : undefined;
  if (!command || argv.length > 1) {
    console.error(argv.length === 0 ? USAGE : `Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
    return 1;
  }
  const database = await openDatabase(loadConfig());
  try {
    await command(database);
  } finally {
    await database.close();
  }
  return 0;
}

runMain(() => main(process.argv.slice(2)));
