import { expect } from '@playwright/test';

/**
 * The test mail server the shop sends to during journeys (server/test/smtp-inbox.ts,
 * started by the Playwright config): SMTP on one port, and what arrived read
 * over HTTP on the next. E2E_SMTP_PORT picks them; by default E2E_PORT + 100.
 */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 100);
export const INBOX = {
  smtpPort: SMTP_PORT,
  httpPort: SMTP_PORT + 1,
  url: `http://127.0.0.1:${SMTP_PORT + 1}/messages`,
};

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
}

/** The first email to `to` whose subject matches, once it has arrived (the shop's worker sends within a second). */
export async function waitForEmail(to: string, subject: RegExp): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await fetch(INBOX.url)).json()) as ReceivedEmail[];
        found = messages.find((mail) => mail.to.includes(to) && subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `an email to ${to} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable: the poll passed');
  return found;
}

/** Every email to `to` so far, oldest first. */
export async function emailsTo(to: string): Promise<ReceivedEmail[]> {
  const messages = (await (await fetch(INBOX.url)).json()) as ReceivedEmail[];
  return messages.filter((mail) => mail.to.includes(to));
}
