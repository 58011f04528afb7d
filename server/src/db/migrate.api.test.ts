import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { expect, inject, it, vi } from 'vitest';
import { PGLITE_EXTENSIONS, wrapPglite } from './client.ts';

const target = inject('testDatabase');

/** Every start migrates: on a database already up to date that is one query, not a migrator's round (issue 30). */
it.runIf(target.kind === 'pglite')(
  'a start on a database with every migration applied asks one query and applies nothing',
  async () => {
    if (target.kind !== 'pglite') return;
    const client = await PGlite.create({
      loadDataDir: new Blob([readFileSync(target.templateFile)]),
      extensions: PGLITE_EXTENSIONS,
    });
    const database = wrapPglite(client);
    try {
      const asked = [
        vi.spyOn(client, 'query'),
        vi.spyOn(client, 'exec'),
        vi.spyOn(client, 'transaction'),
      ];

      await database.migrate();

      expect(asked.reduce((count, spy) => count + spy.mock.calls.length, 0)).toBe(1);
    } finally {
      await database.close();
    }
  },
  120_000,
);
