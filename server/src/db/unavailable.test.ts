import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED')],
    ['connection reset', withCode('ECONNRESET')],
    ['a connection exception (class 08)', withCode('08006')],
    ['the server shutting down', withCode('57P01')],
    ['the server still starting', withCode('57P03')],
    ['no connection slots left', withCode('53300')],
    ['a pooled connection that died', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a closed embedded database', new Error('PGlite is closed')],
    [
      'a query error wrapping one (Drizzle)',
      new Error('Failed query', { cause: withCode('57P01') }),
    ],
    [
      'every address of a host refusing',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
    ],
  ])('is true for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a bad value', withCode('22P02')],
    ['a query error wrapping a bad value', new Error('Failed query', { cause: withCode('22P02') })],
    ['a bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
    [
      'an outage together with another failure (a payment not voided)',
      new AggregateError([withCode('ECONNREFUSED'), new Error('void refused')]),
    ],
  ])('is false for %s', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
