/** How every email is built: its two forms (text and HTML), its parts, escaping and the shop's footer. */
import { type MailKind, SHOP_NAME, SHOP_POSTAL_ADDRESS } from '#contract';

/** One email, rendered: what the outbox stores and the mailer sends. */
export interface MailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The order whose tax invoice goes with the message as a PDF (issue 26),
   * rendered when it is sent: none is attached while the order has none.
   */
  attachInvoiceOf?: string;
  /** The ordered lines whose design pictures the HTML references (`designPictures`), drawn when it is sent. */
  designPicturesOf?: string[];
}

export interface Recipient {
  name: string;
  email: string;
}

/**
 * An address whose owner has not shown it is theirs (a sign-up, a new email
 * waiting for its link): mail to it greets nobody by name, since the name is
 * whatever the sender typed and would reach any inbox they chose.
 */
export interface UnverifiedRecipient {
  email: string;
}

/** A piece of a message, in both of its forms. */
export interface Part {
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML shows it: names and notes come from shoppers, so nothing they type is markup. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

export const paragraph = (text: string): Part => ({
  text,
  html: `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`,
});

export const action = (label: string, url: string): Part => ({
  text: `${label}: ${url}`,
  html: `<p style="margin:0 0 16px"><a href="${escapeHtml(url)}" style="display:inline-block;background:#111827;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`,
});

/** Label and value pairs: 'Total: ₹1,049.00' in text, a table in HTML. */
export const details = (rows: [string, string][]): Part => ({
  text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
  html: `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 16px 2px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`,
});

/** The whole message: greeting, parts, and the footer with the shop's name and postal address. */
export function compose(
  kind: MailKind,
  to: Recipient | UnverifiedRecipient,
  subject: string,
  parts: Part[],
  publicUrl: string,
): MailMessage {
  const all = [paragraph('name' in to ? `Hi ${to.name},` : 'Hello,'), ...parts];
  const footer = `${SHOP_NAME} · ${SHOP_POSTAL_ADDRESS} · ${publicUrl}`;
  return {
    kind,
    to: to.email,
    subject,
    text: `${all.map((part) => part.text).join('\n\n')}\n\n--\n${footer}\n`,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5;margin:0;padding:24px"><div style="max-width:600px;margin:0 auto"><p style="font-size:20px;font-weight:bold;margin:0 0 24px">${escapeHtml(SHOP_NAME)}</p>${all
      .map((part) => part.html)
      .join(
        '',
      )}<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0"><p style="font-size:12px;color:#6b7280;margin:0">${escapeHtml(SHOP_NAME)} · ${escapeHtml(SHOP_POSTAL_ADDRESS)} · <a href="${escapeHtml(publicUrl)}" style="color:#6b7280">${escapeHtml(publicUrl)}</a></p></div></body></html>`,
  };
}
