/**
 * A test mail server as a process of its own, for the browser journeys: an
 * SMTP server (smtp-server) on SMTP_PORT that the shop sends to, and on
 * INBOX_PORT a read-out of what arrived: GET /messages answers
 * [{ to, subject, text }] as JSON, oldest first.
 *
 *   SMTP_PORT=3411 INBOX_PORT=3412 node --import tsx server/test/smtp-inbox.ts
 */
import { createServer } from 'node:http';
import { runMain } from '#server/lib/run-main.ts';
import { startTestSmtpServer } from './smtp.ts';

async function main(): Promise<void> {
  const smtpPort = Number(process.env.SMTP_PORT);
  const inboxPort = Number(process.env.INBOX_PORT);
  if (!smtpPort || !inboxPort) throw new Error('Set SMTP_PORT and INBOX_PORT');
  const smtp = await startTestSmtpServer({ port: smtpPort });
  const inbox = createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const messages = smtp.received.map(({ to, subject, text }) => ({ to, subject, text }));
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
  });
  inbox.listen(inboxPort, '127.0.0.1');
  const close = () => {
    inbox.close();
    void smtp.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', close);
  process.on('SIGINT', close);
}

runMain(main);
