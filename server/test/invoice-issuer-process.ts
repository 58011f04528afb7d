// A process of its own that issues invoices on a shared PostgreSQL database,
// for the concurrent numbering test: `node --import tsx server/test/invoice-issuer-process.ts`
// with DATABASE_URL and ORDER_IDS (comma-separated). It connects, prints
// 'ready', waits for a line on stdin, issues every invoice at once, one
// transaction each, and prints the numbers as JSON.
import { once } from 'node:events';
import { openPostgres } from '#server/db/client.ts';
import { createInvoicesService } from '#server/features/invoices/invoices.service.ts';
import { invoiceInput } from './invoice-fixtures.ts';

const POOL_SIZE = 8;

const database = await openPostgres(process.env.DATABASE_URL ?? '', POOL_SIZE);
const invoices = createInvoicesService(database.db);
const orderIds = (process.env.ORDER_IDS ?? '').split(',');
try {
  await database.db.execute('select 1');
  process.stdout.write('ready\n');
  await once(process.stdin, 'data');
  const numbers = await Promise.all(
    orderIds.map((orderId) =>
      database.db.transaction(
        async (tx) => (await invoices.issueInvoice(tx, invoiceInput(orderId))).number,
      ),
    ),
  );
  process.stdout.write(`${JSON.stringify(numbers)}\n`);
} finally {
  await database.close();
}
