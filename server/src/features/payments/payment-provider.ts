import { randomUUID } from 'node:crypto';
import type { PaymentMethod } from '#contract';
import { cardBrand, hasExpired, isLuhnValid, lastFour } from './cards.ts';

/** What a payment provider is asked: the method, the amount, and the card when paying by card. */
export interface PaymentRequest {
  method: PaymentMethod;
  amountPaise: number;
  card?: { number: string; expMonth: number; expYear: number; cvv: string } | undefined;
}

/**
 * Its answer: never the card number or CVV, at most brand and last 4 digits
 * (D12); an approval carries the gateway's id for it, to void it by.
 */
export type PaymentAuthorization =
  | { approved: true; id: string; brand?: string; last4?: string }
  | { approved: false; message: string };

/** The seam where a real gateway plugs in; the shop ships with the test gateway below. */
export interface PaymentProvider {
  authorize(request: PaymentRequest): Promise<PaymentAuthorization>;
  /** Releases an approval whose order was never placed, so the shopper is not charged. */
  void(authorizationId: string): Promise<void>;
}

/** An approval as the test gateway remembers it: no card details. */
export interface RecordedAuthorization {
  id: string;
  method: PaymentMethod;
  amountPaise: number;
  status: 'approved' | 'voided';
}

export interface TestGateway extends PaymentProvider {
  /**
   * Its approvals, oldest first, when made with `record: true` (tests see
   * what was voided); empty otherwise, so a long-running shop keeps no list.
   */
  readonly authorizations: readonly RecordedAuthorization[];
}

/** The test gateway's card that is always declined (D12). */
export const DECLINED_TEST_CARD = '4000000000000002';
export const CARD_DECLINED = 'Your card was declined';

/**
 * The built-in test gateway (D12): cash is approved (paid on delivery); a card
 * is approved when its number passes Luhn, it has not expired and its CVV has
 * 3 digits, except DECLINED_TEST_CARD, which is declined.
 */
export function createTestGateway({
  clock = () => new Date(),
  record = false,
}: {
  clock?: () => Date;
  record?: boolean;
} = {}): TestGateway {
  const authorizations: RecordedAuthorization[] = [];
  const approve = (request: PaymentRequest) => {
    const id = randomUUID();
    if (record) {
      authorizations.push({
        id,
        method: request.method,
        amountPaise: request.amountPaise,
        status: 'approved',
      });
    }
    return id;
  };
  return {
    authorizations,
    async authorize(request) {
      if (request.method === 'cash') return { approved: true, id: approve(request) };
      const { card } = request;
      if (
        !card ||
        card.number === DECLINED_TEST_CARD ||
        !isLuhnValid(card.number) ||
        hasExpired(card, clock()) ||
        !/^\d{3}$/.test(card.cvv)
      ) {
        return { approved: false, message: CARD_DECLINED };
      }
      return {
        approved: true,
        id: approve(request),
        brand: cardBrand(card.number),
        last4: lastFour(card.number),
      };
    },
    async void(authorizationId) {
      const recorded = authorizations.find((authorization) => authorization.id === authorizationId);
      if (recorded) recorded.status = 'voided';
    },
  };
}
