/**
 * The floor `npm run bench:footprint` measures the shop against: a bare
 * process that opens the same database (DATA_DIR's PGlite folder with the
 * extensions the shop loads, or DATABASE_URL) and answers one route,
 * GET /api/v1/health, with a query. Compiled like the server before it runs.
 */
import { createServer } from 'node:http';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

const { DATABASE_URL, DATA_DIR = './data', PORT = '0' } = process.env;

async function openQuery(): Promise<() => Promise<unknown>> {
  if (DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
    return () => pool.query('select 1');
  }
  // The shop's folder and extensions (server/src/db/client.ts), without importing the shop.
  const client = await PGlite.create(join(DATA_DIR, 'pglite'), { extensions: { pg_trgm } });
  return () => client.query('select 1');
}

const query = await openQuery();
const server = createServer((request, response) => {
  if (request.url !== '/api/v1/health') {
    response.writeHead(404).end();
    return;
  }
  query().then(
    () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    () => response.writeHead(503).end(),
  );
});
server.listen(Number(PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
