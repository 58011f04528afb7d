import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { compatibleSql } from './dump.ts';

const filtered = (chunks: string[]) =>
  text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(compatibleSql()));

describe('compatibleSql', () => {
  it('drops what PostgreSQL 15 or pg rejects from a newer pg_dump header and trailer, and nothing else', async () => {
    const dump = [
      '--',
      '-- PostgreSQL database dump',
      '--',
      '\\restrict AbC123',
      'SET statement_timeout = 0;',
      'SET transaction_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      '',
      'CREATE TABLE public.notes (body text);',
      "INSERT INTO public.notes VALUES ('a line of its own:",
      'SET transaction_timeout = 0;',
      '\\unrestrict Other1',
      "é');",
      '',
      '\\unrestrict AbC123',
      '',
    ].join('\n');
    // Cut mid-line and mid-character (é is two bytes), as a stream may.
    const bytes = Buffer.from(dump);
    const cut = bytes.indexOf(Buffer.from('é')) + 1;
    const out = await text(
      Readable.from([bytes.subarray(0, 40), bytes.subarray(40, cut), bytes.subarray(cut)]).pipe(
        compatibleSql(),
      ),
    );
    expect(out).toBe(
      [
        '--',
        '-- PostgreSQL database dump',
        '--',
        'SET statement_timeout = 0;',
        "SELECT pg_catalog.set_config('search_path', '', false);",
        '',
        'CREATE TABLE public.notes (body text);',
        "INSERT INTO public.notes VALUES ('a line of its own:",
        'SET transaction_timeout = 0;',
        '\\unrestrict Other1',
        "é');",
        '',
        '',
      ].join('\n'),
    );
  });

  it('keeps a last line without a newline', async () => {
    expect(await filtered(['SELECT 1;\nSELECT 2;'])).toBe('SELECT 1;\nSELECT 2;');
  });
});
