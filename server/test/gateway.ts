import type { Database } from '#server/db/client.ts';
import { createTestGateway, type TestGateway } from '#server/features/payments/payment-provider.ts';
import { testGatewayCardsIn } from '#server/features/payments/payments.repository.ts';

/** The test gateway on a test app's database, recording its approvals and refunds for assertions. */
export const recordingGateway = (db: Database): TestGateway =>
  createTestGateway({ cards: testGatewayCardsIn(db), record: true });
