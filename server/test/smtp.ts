import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  /** The whole message as it came over the wire. */
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:port, for SMTP_URL. */
  url: string;
  port: number;
  /** Messages accepted (answered 250), in order. */
  received: ReceivedMail[];
  /** Messages whose data arrived, accepted or not yet. */
  dataCount(): number;
  /** How long the server waits before it accepts a message's data; a client gone by then delivered nothing. */
  acceptDelayMs: number;
  /** Resolves once `count` messages have been accepted (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Resolves once the condition holds, checked on every message event (rejects after `timeoutMs`). */
  waitUntil(condition: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Splits a MIME entity into its headers (names in lower case, folded lines joined) and body. */
function splitEntity(entity: string): { headers: Map<string, string>; body: string } {
  const end = entity.search(/\r?\n\r?\n/);
  const head = end < 0 ? entity : entity.slice(0, end);
  const body = end < 0 ? '' : entity.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, mode: string, text: string) =>
      mode.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** The first decoded text part of this media type in a message (nodemailer writes multipart/alternative). */
function textPartOf(raw: string, mediaType: 'text/plain' | 'text/html'): string | undefined {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
    return type.toLowerCase().startsWith(mediaType) ? decodeBody(body, encoding) : undefined;
  }
  for (const part of body.split(`--${boundary}`).slice(1)) {
    const text = textPartOf(part.replace(/^\r?\n/, ''), mediaType);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The decoded text/plain part of a message. */
export const plainTextOf = (raw: string) => textPartOf(raw, 'text/plain');

/** The decoded text/html part of a message. */
export const htmlOf = (raw: string) => textPartOf(raw, 'text/html');

/** A file attached to a message: its name, media type and decoded bytes. */
export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
  /** Shown in the message's HTML (`<img src="cid:…">`) rather than offered as a file. */
  inline: boolean;
  /** The Content-ID an inline part is referenced by, without its angle brackets. */
  cid?: string;
}

/** The attachments of a message (parts with Content-Disposition attachment or inline), at any depth. */
export function attachmentsOf(raw: string): ReceivedAttachment[] {
  const { headers, body } = splitEntity(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .flatMap((part) => attachmentsOf(part.replace(/^\r?\n/, '')));
  }
  const disposition = headers.get('content-disposition') ?? '';
  if (!/^(attachment|inline)/i.test(disposition)) return [];
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const cid = /^<?([^>]*)>?$/.exec(headers.get('content-id') ?? '')?.[1];
  return [
    {
      filename: /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '',
      contentType: type.split(';')[0]?.trim() ?? '',
      inline: /^inline/i.test(disposition),
      ...(cid && { cid }),
      content:
        encoding === 'base64'
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
          : Buffer.from(body, 'latin1'),
    },
  ];
}

/**
 * A real SMTP server in this process (smtp-server), on a port of its own:
 * no TLS, no sign-in, as a local relay would be. `reject` makes it refuse
 * every message with a 550, to test retries.
 */
export async function startTestSmtpServer(
  options: { port?: number; reject?: boolean } = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const closedSessions = new Set<string>();
  let dataCount = 0;
  const waiters: (() => void)[] = [];
  const wakeWaiters = () => {
    for (const wake of waiters.splice(0)) wake();
  };
  const state = { acceptDelayMs: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onClose(session) {
      closedSessions.add(session.id);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        dataCount += 1;
        wakeWaiters();
        if (options.reject) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        if (state.acceptDelayMs > 0) {
          await new Promise((resolve) => setTimeout(resolve, state.acceptDelayMs));
        }
        // SMTP delivers a message when the server answers 250; a sender that died first delivered nothing.
        if (closedSessions.has(session.id)) return;
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: decodeHeader(splitEntity(raw).headers.get('subject') ?? ''),
          text: plainTextOf(raw) ?? '',
          raw,
        });
        wakeWaiters();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  async function waitUntil(condition: () => boolean, what: string, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    dataCount: () => dataCount,
    get acceptDelayMs() {
      return state.acceptDelayMs;
    },
    set acceptDelayMs(delay: number) {
      state.acceptDelayMs = delay;
    },
    async waitFor(count, timeoutMs) {
      await waitUntil(
        () => received.length >= count,
        `${count} emails (${received.length} arrived)`,
        timeoutMs,
      );
      return received;
    },
    waitUntil,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
