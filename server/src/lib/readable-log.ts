import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { withSecretsRedacted } from './secrets.ts';

/** Where a log goes: a stream of lines. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * The log as a person reads it (LOG_FORMAT): each JSON entry pino writes
 * turned into one line by pino-pretty, there and then, to `destination` or
 * standard output (coloured when it is a terminal that takes colour). Loaded
 * only then: a shop logging JSON never loads pino-pretty.
 */
export async function readableLogStream(destination?: LogDestination): Promise<LogDestination> {
  const { prettyFactory, isColorSupported } = await import('pino-pretty');
  const toLine = prettyFactory({
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    colorize: !destination && isColorSupported,
  });
  const output = destination ?? process.stdout;
  return { write: (entry) => output.write(toLine(entry)) };
}

/**
 * One line per request in a readable log, in place of Fastify's two
 * ('incoming request', 'request completed'): method, URL (its secrets
 * redacted), status, time. A request that errored is logged as Fastify does.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const url = withSecretsRedacted(request.url);
    request.log.info(
      `${request.method} ${url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
  }
}
