import { CARD_DETAILS_REQUIRED_MESSAGE, type CardBody, type PaymentMethod } from '#contract';
import type { Database } from '#server/db/client.ts';
import { AppError, badRequest } from '#server/lib/app-error.ts';
import { hasExpired, isLuhnValid } from './cards.ts';
import { createTestGateway, type PaymentProvider } from './payment-provider.ts';
import { insertSavedCard } from './payments.repository.ts';

/** How an order was paid, as the order keeps it: brand and last 4 digits at most (D12). */
export interface Payment {
  method: PaymentMethod;
  cardBrand: string | null;
  cardLast4: string | null;
}

export function createPaymentsService(
  provider: PaymentProvider = createTestGateway(),
  clock: () => Date = () => new Date(),
) {
  return {
    /**
     * Takes the payment for an order, inside the caller's transaction: a bad
     * card is a 400, a declined one a 402, and 'save' keeps the card's name,
     * brand, last 4 and expiry. The card number and CVV go to the provider
     * and nowhere else. Each approval's id is added to `approvals` the moment
     * it is given, so the caller can void it if its transaction rolls back.
     */
    async pay(
      db: Database,
      userId: string,
      request: { method: PaymentMethod; amountPaise: number; card?: CardBody | undefined },
      approvals: string[],
    ): Promise<Payment> {
      if (request.method === 'cash') {
        const answer = await provider.authorize({
          method: 'cash',
          amountPaise: request.amountPaise,
        });
        if (!answer.approved) throw new AppError('payment_required', answer.message);
        approvals.push(answer.id);
        return { method: 'cash', cardBrand: null, cardLast4: null };
      }
      const { card } = request;
      if (!card) throw badRequest(CARD_DETAILS_REQUIRED_MESSAGE);
      if (!isLuhnValid(card.number)) {
        throw badRequest('Card number is not valid', [
          { field: 'card.number', message: 'Card number is not valid' },
        ]);
      }
      if (hasExpired(card, clock())) {
        throw badRequest('Card has expired', [
          { field: 'card.expYear', message: 'Card has expired' },
        ]);
      }
      const answer = await provider.authorize({
        method: request.method,
        amountPaise: request.amountPaise,
        card: {
          number: card.number,
          expMonth: card.expMonth,
          expYear: card.expYear,
          cvv: card.cvv,
        },
      });
      if (!answer.approved) throw new AppError('payment_required', answer.message);
      approvals.push(answer.id);
      const brand = answer.brand ?? 'Card';
      const last4 = answer.last4 ?? card.number.slice(-4);
      if (card.save) {
        await insertSavedCard(db, {
          userId,
          name: card.name,
          brand,
          last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
        });
      }
      return { method: request.method, cardBrand: brand, cardLast4: last4 };
    },

    /**
     * Voids approvals whose order was not placed (its transaction rolled
     * back). Tries every one; if any fails, throws naming them, as someone
     * must then void them at the gateway by hand.
     */
    async voidPayments(authorizationIds: string[]): Promise<void> {
      const results = await Promise.allSettled(authorizationIds.map((id) => provider.void(id)));
      const failures = results.flatMap((result, index) =>
        result.status === 'rejected' ? [{ id: authorizationIds[index], error: result.reason }] : [],
      );
      if (failures.length > 0) {
        throw new AggregateError(
          failures.map((failure) => failure.error),
          `Payment authorizations not voided: ${failures.map((failure) => failure.id).join(', ')}`,
        );
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
