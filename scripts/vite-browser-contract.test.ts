import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { BROWSER_CONTRACT_VALUES, browserContract } from './vite-browser-contract.ts';

const FILE = '/shop/contract/src/sample.ts';

/** The plugin's transform of a contract file, and what it moved to the file's browser values module. */
function transform(code: string): { file: string; moved: string } {
  const plugin = browserContract();
  const context = { parse: (source: string) => parseAst(source, { lang: 'ts' }) };
  const result = (plugin.transform as (this: unknown, code: string, id: string) => unknown).call(
    context,
    code,
    FILE,
  ) as { code: string };
  const moved = (plugin.load as (id: string) => { code: string } | null)(
    `${BROWSER_CONTRACT_VALUES}${FILE}`,
  );
  return { file: result.code, moved: moved?.code ?? '' };
}

describe('the browser contract transform', () => {
  it('moves a function that uses nothing else of its file, types and own name aside', () => {
    const { moved } = transform(
      [
        "import { z } from 'zod';",
        "export const SIZES = ['S', 'M'] as const;",
        'export type Size = (typeof SIZES)[number];',
        'export const SizeSchema = z.enum(SIZES);',
        'export function isSize(value: string): value is Size { return value.length === 1; }',
      ].join('\n'),
    );
    expect(moved).toContain('export function isSize');
    expect(moved).toContain('export const SIZES');
    expect(moved).not.toContain('SizeSchema');
  });

  it('keeps a function beside the unexported helpers it calls', () => {
    const { file, moved } = transform(
      [
        'function half(value: number): number { return value / 2; }',
        'const UNIT = 2;',
        'export function centre(width: number): number { return half(width); }',
        'export function units(width: number): number { return width * UNIT; }',
      ].join('\n'),
    );
    // Moved alone, they would call a `half` and read a `UNIT` their new module does not have.
    expect(moved).not.toContain('centre');
    expect(moved).not.toContain('units');
    expect(file).toContain('export function centre');
    expect(file).toContain('export function units');
  });
});
