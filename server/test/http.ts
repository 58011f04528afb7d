import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { FailureEnvelopeSchema, successEnvelope } from '#contract';

/**
 * Client addresses for `remoteAddress`, a new one at each call, so a test
 * meets only the per-address limits it is about. `prefix` is the first two
 * numbers, one per test file.
 */
export function clientAddresses(prefix: string): () => string {
  let last = 0;
  return () => {
    last += 1;
    return `${prefix}.${last >> 8}.${last & 255}`;
  };
}

/** Calls the app and returns the status and parsed JSON body. */
export async function call(app: FastifyInstance, options: InjectOptions | string) {
  const response = await app.inject(options);
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Expects a success envelope and returns its result, parsed by the contract's schema. */
export async function expectResult<Result extends z.ZodType>(
  app: FastifyInstance,
  options: InjectOptions | string,
  result: Result,
  status = 200,
): Promise<z.output<Result>> {
  const response = await call(app, options);
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ success: true });
  expect(response.status).toBe(status);
  const envelope = successEnvelope(result).parse(response.body) as { result: z.output<Result> };
  return envelope.result;
}

/** Expects a failure envelope with this status; returns it for further checks. */
export async function expectFailure(
  app: FastifyInstance,
  options: InjectOptions | string,
  status: number,
) {
  const response = await call(app, options);
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return FailureEnvelopeSchema.parse(response.body);
}
