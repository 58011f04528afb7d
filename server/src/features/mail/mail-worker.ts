import type { MailConfig } from '#server/config/env.ts';
import type { Database } from '#server/db/client.ts';
import { createLeaseWorker, failedAttempt } from '#server/lib/lease-worker.ts';
import { claimDueMessages, settleClaimedMessage } from './mail.repository.ts';
import type { MailAttachment, Mailer } from './mailer.ts';

/** Messages one worker claims at a time. */
const BATCH_SIZE = 10;

export type MailWorkerOptions = Pick<
  MailConfig,
  'pollMs' | 'leaseMs' | 'retryBaseMs' | 'maxAttempts'
> & {
  /** Where a problem of the worker itself is reported (a lost database connection). */
  onError?: (error: unknown) => void;
  /**
   * An order's tax invoice as a PDF, undefined while it has none (issue 26):
   * rendered at each attempt, so a message written before the invoice still carries it.
   */
  invoiceOf?: (orderId: string) => Promise<MailAttachment | undefined>;
  /**
   * Ordered lines' designs drawn on their garments, as inline PNGs the
   * message's HTML references (issue 28: the confirmation, the return
   * emails): rendered at each attempt from the lines, never kept in the outbox.
   */
  designPicturesOf?: (orderItemIds: string[]) => Promise<MailAttachment[]>;
};

/**
 * Delivers the outbox (D29). Each round claims due messages (SKIP LOCKED, so
 * workers in several processes never claim the same one) with a lease; a
 * process killed while holding claims loses nothing: once the lease is over,
 * any worker claims them again. Sent messages are marked sent; a refused one
 * is retried with exponential back-off, and marked failed after the last
 * attempt.
 */
export function createMailWorker(db: Database, mailer: Mailer, options: MailWorkerOptions) {
  async function deliver(message: Awaited<ReturnType<typeof claimDueMessages>>[number]) {
    const claim = { id: message.id, leaseUntil: message.nextAttemptAt };
    try {
      // The order a confirmation is about: its invoice goes with it; and the lines it shows, their pictures.
      const orderId = message.attachInvoiceOf;
      const invoice = orderId && (await options.invoiceOf?.(orderId));
      const lineIds = message.designPicturesOf ?? [];
      const pictures = (lineIds.length > 0 && (await options.designPicturesOf?.(lineIds))) || [];
      const attachments = [...pictures, ...(invoice ? [invoice] : [])];
      await mailer.send({
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(attachments.length > 0 && { attachments }),
      });
    } catch (error) {
      const failed = failedAttempt(options, message.attempts, error);
      await settleClaimedMessage(db, claim, {
        status: failed.final ? 'failed' : 'pending',
        nextAttemptAt: failed.nextAttemptAt,
        lastError: failed.lastError,
      });
      return;
    }
    await settleClaimedMessage(db, claim, { status: 'sent', sentAt: new Date(), lastError: null });
  }

  /** One round: claims a batch and delivers it; a full batch suggests more are due. */
  return createLeaseWorker(async ({ now, leaseUntil, stopping }) => {
    const claimed = await claimDueMessages(db, { now, leaseUntil, limit: BATCH_SIZE });
    for (const [index, message] of claimed.entries()) {
      // A send starts only with half the lease left, so it ends before another worker may
      // take the message; the rest of the batch goes back to be claimed at once.
      if (stopping() || Date.now() > now.getTime() + options.leaseMs / 2) {
        for (const rest of claimed.slice(index)) {
          await settleClaimedMessage(
            db,
            { id: rest.id, leaseUntil },
            { status: 'pending', attempts: rest.attempts - 1, nextAttemptAt: new Date() },
          );
        }
        return { handled: index, more: false };
      }
      await deliver(message);
    }
    return { handled: claimed.length, more: claimed.length === BATCH_SIZE };
  }, options);
}

export type MailWorker = ReturnType<typeof createMailWorker>;
