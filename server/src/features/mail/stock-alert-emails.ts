/** The emails of a back-in-stock request: its confirmation and the one alert. */
import { STOCK_ALERT_CONFIRM_HOURS } from '#contract';
import { action, compose, type MailMessage, paragraph, type Recipient } from './html-email.ts';

/** The double opt-in of a back-in-stock request: nothing is kept until this link is followed. */
export function stockAlertConfirmEmail(
  to: Recipient,
  product: { title: string; size: string },
  confirmUrl: string,
  publicUrl: string,
): MailMessage {
  return compose(
    'stock-alert-confirm',
    to,
    `Confirm: tell me when ${product.title} is back in size ${product.size}`,
    [
      paragraph(
        `Someone asked us to email this address once when ${product.title} is back in stock in size ${product.size}. Confirm it was you, within ${STOCK_ALERT_CONFIRM_HOURS} hours:`,
      ),
      action('Yes, tell me when it is back', confirmUrl),
      paragraph('If it was not you, ignore this email: we will not write to you about it.'),
    ],
    publicUrl,
  );
}

/** D33: a size the shopper asked to hear about is back in stock. */
export function backInStockEmail(
  to: Recipient,
  product: { id: string; title: string; size: string },
  publicUrl: string,
): MailMessage {
  return compose(
    'back-in-stock',
    to,
    `${product.title} in size ${product.size} is back`,
    [
      paragraph(
        `Good news: ${product.title} is back in stock in size ${product.size}. Sizes that come back often sell out again, so don't wait too long.`,
      ),
      action('See it in the shop', `${publicUrl}/product/${encodeURIComponent(product.id)}`),
      paragraph('You asked us to tell you once; we will not email you about it again.'),
    ],
    publicUrl,
  );
}
