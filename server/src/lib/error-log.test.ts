import { describe, expect, it } from 'vitest';
import { serializeError } from './error-log.ts';

/** An error shaped like PostgreSQL's (pg and PGlite alike), with the row in its detail. */
function databaseError() {
  return Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
    code: '23514',
    severity: 'ERROR',
    table: 'users',
    constraint: 'c',
    detail: 'Failing row contains (Asha, asha@example.com, $argon2id$...)',
  });
}

describe('serializeError', () => {
  it('keeps an ordinary error’s class, message and frames', () => {
    const logged = serializeError(new TypeError('x is not a function'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(logged.stack).toMatch(/^\s+at /);
  });

  it('keeps a database error’s code and schema names, never its text or detail', () => {
    const logged = serializeError(databaseError());
    expect(logged).toMatchObject({
      type: 'Error',
      code: '23514',
      severity: 'ERROR',
      table: 'users',
      constraint: 'c',
    });
    expect(JSON.stringify(logged)).not.toMatch(/asha|argon2|Failing row|violates/i);
  });

  it('drops a failed query’s SQL and parameters, keeping its cause’s code', () => {
    const query = Object.assign(
      new Error('Failed query: insert into users ...\nparams: Asha,asha@example.com', {
        cause: databaseError(),
      }),
      { query: 'insert into users ...', params: ['Asha', 'asha@example.com'] },
    );
    const logged = serializeError(query);
    expect(logged.cause).toMatchObject({ code: '23514', table: 'users' });
    expect(JSON.stringify(logged)).not.toMatch(/asha|insert into/i);
  });

  it('serialises every error of an AggregateError, and stops on a cycle', () => {
    const looped = new Error('looped');
    looped.cause = looped;
    const logged = serializeError(new AggregateError([databaseError(), looped], 'both failed'));
    expect(logged.errors).toMatchObject([{ code: '23514' }, { message: 'looped' }]);
    expect(JSON.stringify(logged)).not.toContain('asha');
  });

  it('names what was thrown when it is not an Error', () => {
    expect(serializeError('a string')).toEqual({
      type: 'string',
      message: '(not an Error)',
      stack: '',
    });
  });
});
