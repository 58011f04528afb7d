import { randomBytes, randomUUID, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { PaymentMethod } from '#contract';
import { cardBrand, hasExpired, isLuhnValid, lastFour } from './cards.ts';

export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvv: string;
}

/**
 * What a payment provider is asked: the method, the amount, and when paying
 * by card either the card or a saved card's token with the CVV typed now.
 */
export interface PaymentRequest {
  method: PaymentMethod;
  amountPaise: number;
  card?: CardDetails | undefined;
  savedCard?: { token: string; cvv: string } | undefined;
}

/** A card kept by the provider: the shop stores the token, never the number (D12). */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
}

/** What a refund is made against: the approval the order was paid with. */
export interface RefundTarget {
  authorizationId: string;
  method: PaymentMethod;
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
  /**
   * Gives back part or all of an approved payment. A retry with the same
   * idempotency key answers the first refund's id and moves no more money.
   */
  refund(
    payment: RefundTarget,
    amountPaise: number,
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /** Keeps an approved card and answers a token to charge it by later, with its CVV. */
  saveCard(card: CardDetails): Promise<CardToken>;
}

/** An approval as the test gateway remembers it: no card details. */
export interface RecordedAuthorization {
  id: string;
  method: PaymentMethod;
  amountPaise: number;
  status: 'approved' | 'voided';
}

/** A refund as the test gateway remembers it. */
export interface RecordedRefund {
  id: string;
  authorizationId: string;
  amountPaise: number;
  idempotencyKey: string;
}

export interface TestGateway extends PaymentProvider {
  /**
   * Its approvals, oldest first, when made with `record: true` (tests see
   * what was voided); empty otherwise, so a long-running shop keeps no list.
   */
  readonly authorizations: readonly RecordedAuthorization[];
  /** Its refunds, oldest first, when made with `record: true`. */
  readonly refunds: readonly RecordedRefund[];
}

/** The test gateway's card that is always declined (D12). */
export const DECLINED_TEST_CARD = '4000000000000002';
export const CARD_DECLINED = 'Your card was declined';
export const CVV_MISMATCH = 'The CVV does not match this card';
export const REFUND_REFUSED = 'The refund is more than what is left of the payment';

/**
 * A card as the test gateway keeps it, on its side as a real provider does:
 * what it needs to approve a charge by the token, never the number or the
 * CVV (D12).
 */
export interface KeptTestCard {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Whether the number passed the gateway's rules (Luhn, not the declined card). */
  approvable: boolean;
  cvvSalt: string;
  cvvHash: string;
}

/** Where the test gateway keeps its cards: the database (payments.repository.ts), shared by every process. */
export interface TestGatewayCards {
  keep(card: KeptTestCard): Promise<void>;
  find(token: string): Promise<KeptTestCard | undefined>;
}

const scryptAsync = promisify(scrypt) as (
  secret: string,
  salt: Buffer,
  length: number,
) => Promise<Buffer>;

/**
 * The CVV is kept only as scrypt(cvv, 16 random bytes): a real gateway never
 * keeps it at all and asks the card's bank instead, which a test gateway has
 * none of. A 3-digit CVV has 1,000 values, so no hash makes it secret from
 * someone who reads the table; the salt and scrypt's cost keep it from being
 * read at a glance or looked up in a table, and these are test cards only
 * (with Razorpay, cards are Razorpay's). The number is never kept.
 */
const hashCvv = async (cvv: string, salt: Buffer) =>
  (await scryptAsync(cvv, salt, 32)).toString('base64');

async function cvvMatches(card: KeptTestCard, cvv: string): Promise<boolean> {
  const typed = Buffer.from(await hashCvv(cvv, Buffer.from(card.cvvSalt, 'base64')), 'base64');
  const kept = Buffer.from(card.cvvHash, 'base64');
  return typed.length === kept.length && timingSafeEqual(typed, kept);
}

/**
 * The built-in test gateway (D12): cash is approved (paid on delivery); a card
 * is approved when its number passes Luhn, it has not expired and its CVV has
 * 3 digits, except DECLINED_TEST_CARD, which is declined. A saved card is
 * kept in `cards` (the database) by its token, as a real provider keeps it on
 * its side, so any process charges it; it is approved when the CVV given
 * matches and it has not expired.
 */
export function createTestGateway({
  cards,
  clock = () => new Date(),
  record = false,
}: {
  cards: TestGatewayCards;
  clock?: () => Date;
  record?: boolean;
}): TestGateway {
  const authorizations: RecordedAuthorization[] = [];
  const refunds: RecordedRefund[] = [];
  const isApprovableNumber = (number: string) =>
    number !== DECLINED_TEST_CARD && isLuhnValid(number);
  const isApprovable = (card: CardDetails | undefined): card is CardDetails =>
    card !== undefined &&
    isApprovableNumber(card.number) &&
    !hasExpired(card, clock()) &&
    /^\d{3}$/.test(card.cvv);
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
  /** A charge by a saved card's token and the CVV typed now. */
  async function authorizeSaved(
    request: PaymentRequest,
    savedCard: { token: string; cvv: string },
  ): Promise<PaymentAuthorization> {
    const kept = await cards.find(savedCard.token);
    if (!kept) return { approved: false, message: CARD_DECLINED };
    if (!(await cvvMatches(kept, savedCard.cvv))) {
      return { approved: false, message: CVV_MISMATCH };
    }
    if (!kept.approvable || hasExpired(kept, clock())) {
      return { approved: false, message: CARD_DECLINED };
    }
    return { approved: true, id: approve(request), brand: kept.brand, last4: kept.last4 };
  }
  return {
    authorizations,
    refunds,
    async authorize(request) {
      if (request.method === 'cash') return { approved: true, id: approve(request) };
      if (request.savedCard) return authorizeSaved(request, request.savedCard);
      const { card } = request;
      if (!isApprovable(card)) return { approved: false, message: CARD_DECLINED };
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
    async refund(payment, amountPaise, idempotencyKey) {
      const earlier = refunds.find((refund) => refund.idempotencyKey === idempotencyKey);
      if (earlier) return { id: earlier.id };
      const id = randomUUID();
      if (record) {
        // Like a real gateway, never more than was approved, whatever the shop asks.
        const approved = authorizations.find((item) => item.id === payment.authorizationId);
        const given = refunds
          .filter((refund) => refund.authorizationId === payment.authorizationId)
          .reduce((sum, refund) => sum + refund.amountPaise, 0);
        if (approved && given + amountPaise > approved.amountPaise) throw new Error(REFUND_REFUSED);
        refunds.push({ id, authorizationId: payment.authorizationId, amountPaise, idempotencyKey });
      }
      return { id };
    },
    async saveCard(card) {
      const token = `tok_${randomUUID()}`;
      const salt = randomBytes(16);
      const kept: KeptTestCard = {
        token,
        brand: cardBrand(card.number),
        last4: lastFour(card.number),
        expMonth: card.expMonth,
        expYear: card.expYear,
        approvable: isApprovableNumber(card.number),
        cvvSalt: salt.toString('base64'),
        cvvHash: await hashCvv(card.cvv, salt),
      };
      await cards.keep(kept);
      return { token, brand: kept.brand, last4: kept.last4 };
    },
  };
}
