import type { Database } from '#server/db/client.ts';
import type { TestGateway } from '#server/features/payments/payment-provider.ts';
import { databaseTestGateway } from '#server/features/payments/payments.service.ts';

/** The test gateway on a test app's database, recording its approvals and refunds for assertions. */
export const recordingGateway = (db: Database): TestGateway =>
  databaseTestGateway(db, { record: true });
