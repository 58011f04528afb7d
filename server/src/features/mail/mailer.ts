import type { Transporter } from 'nodemailer';
import { onFirstUse } from '#server/lib/on-first-use.ts';
import type { MailMessage } from './html-email.ts';

/** A file sent with a message. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Shown inline, where the HTML has `<img src="cid:…">`, rather than offered as a file. */
  cid?: string;
}

/** Sends one rendered message; throws with the mail server's answer when it refuses. */
export interface Mailer {
  send(
    message: Pick<MailMessage, 'to' | 'subject' | 'text' | 'html'> & {
      attachments?: MailAttachment[];
    },
  ): Promise<void>;
  close(): void;
}

/**
 * Timeouts keep one send well inside a worker's lease (MAIL_LEASE_MS), so a
 * claim never lapses while its message is still being sent.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** Sends over SMTP with nodemailer, one connection at a time (the mail adapter, STYLE §8). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  // nodemailer loads with the first message to send.
  let opened: Transporter | undefined;
  const openTransport = onFirstUse(async () => {
    const { createTransport } = await import('nodemailer');
    opened = createTransport(smtpUrl, { from, ...SMTP_TIMEOUTS });
    return opened;
  });
  return {
    async send(message) {
      const transport = await openTransport();
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments && { attachments: message.attachments }),
      });
    },
    close: () => opened?.close(),
  };
}
