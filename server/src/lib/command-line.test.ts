import { afterEach, describe, expect, it, vi } from 'vitest';
import { readFlags } from './command-line.ts';

const USAGE = 'Usage: npm run thing -- --from <file> [--force]';
const OPTIONS = { from: { type: 'string' }, force: { type: 'boolean' } } as const;

function printed() {
  return {
    out: vi.spyOn(console, 'log').mockImplementation(() => undefined),
    err: vi.spyOn(console, 'error').mockImplementation(() => undefined),
  };
}
afterEach(() => vi.restoreAllMocks());

describe('readFlags', () => {
  it('answers the flags given', () => {
    const { out, err } = printed();
    expect(readFlags(['--from', 'a.sql', '--force'], OPTIONS, USAGE)).toEqual({
      flags: { from: 'a.sql', force: true },
    });
    expect(out).not.toHaveBeenCalled();
    expect(err).not.toHaveBeenCalled();
  });

  it.each([['--help'], ['-h']])('prints the usage on %s and stops with 0', (flag) => {
    const { out, err } = printed();
    expect(readFlags([flag], OPTIONS, USAGE)).toEqual({ exitCode: 0 });
    expect(out).toHaveBeenCalledWith(USAGE);
    expect(err).not.toHaveBeenCalled();
  });

  it.each([
    [['--into', 'x'], "Unknown option '--into'"],
    [['--from'], "Option '--from <value>' argument missing"],
    [['stray'], "Unexpected argument 'stray'"],
  ])('refuses %j with why and the usage, and stops with 1', (argv, reason) => {
    const { out, err } = printed();
    expect(readFlags(argv, OPTIONS, USAGE)).toEqual({ exitCode: 1 });
    expect(err).toHaveBeenCalledOnce();
    const message = String(err.mock.calls[0]?.[0]);
    expect(message.startsWith(reason)).toBe(true);
    expect(message.endsWith(`\n\n${USAGE}`)).toBe(true);
    expect(out).not.toHaveBeenCalled();
  });
});
