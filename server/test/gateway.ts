import type { Database } from '#server/db/client.ts';
import type { TestGateway } from '#server/features/payments/payment-provider.ts';
import { databaseTestGateway } from '#server/features/payments/payments.service.ts';
import { createTestApp, type TestApp } from './app.ts';

/** The test gateway on a test app's database, recording its approvals and refunds for assertions. */
export const recordingGateway = (db: Database): TestGateway =>
  databaseTestGateway(db, { record: true });

/** A test app whose card gateway records its approvals and refunds. */
export async function createRecordingApp(): Promise<{ t: TestApp; gateway: TestGateway }> {
  let gateway: TestGateway | undefined;
  const t = await createTestApp({ paymentProvider: (db) => (gateway = recordingGateway(db)) });
  if (!gateway) throw new Error('The app made no gateway');
  return { t, gateway };
}
