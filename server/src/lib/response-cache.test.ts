import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  createResponseCache,
  normalisedKey,
  toCachedAnswer,
  type VersionSource,
} from './response-cache.ts';

type Amendment = (value: unknown) => boolean;

/**
 * A version the test moves by hand, each move touching these tags (none given:
 * anything), with edits that amend answers showing some of them.
 */
function versionAt(start = 1) {
  let current = start;
  const touched = new Map<number, { tags: string[]; amendments: Map<string, Amendment> }>();
  const source: VersionSource = {
    fresh: async () => current,
    latest: () => current,
    changedSince(from, to) {
      const tags = new Set<string>();
      const amendments = new Map<string, Amendment>();
      for (let version = from + 1; version <= to; version += 1) {
        const changed = touched.get(version);
        if (!changed) return 'everything';
        for (const tag of changed.tags) tags.add(tag);
        for (const [tag, amendment] of changed.amendments) amendments.set(tag, amendment);
      }
      return { tags, amendments };
    },
  };
  return {
    source,
    move: (tags?: string[], amendments: Record<string, Amendment> = {}) => {
      current += 1;
      if (tags) touched.set(current, { tags, amendments: new Map(Object.entries(amendments)) });
    },
  };
}

const json = (text: string, tags?: string[]) => async () => ({
  json: JSON.stringify({ text }),
  ...(tags && { tags }),
});
const raw = (text: string) => async () => ({ json: text });

describe('createResponseCache', () => {
  it('computes once, then answers the same bytes and ETag from memory', async () => {
    const cache = createResponseCache({ maxBytes: 10_000, version: versionAt().source });
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return { json: '{"a":1}' };
    };
    const first = await cache.answer('k', compute);
    const second = await cache.answer('k', compute);
    expect(computed).toBe(1);
    expect(second).toBe(first);
    expect(first.body.toString()).toBe('{"a":1}');
    expect(first.etag).toMatch(/^"[\w-]{32}"$/);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1, hitRatio: 0.5 });
  });

  it('computes once for requests that miss the same key at once', async () => {
    const cache = createResponseCache({ maxBytes: 10_000, version: versionAt().source });
    let computed = 0;
    const slow = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { json: '{"slow":true}' };
    };
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer('k', slow)));
    expect(computed).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('drops every entry when the version moves', async () => {
    const version = versionAt();
    const cache = createResponseCache({ maxBytes: 10_000, version: version.source });
    await cache.answer('k', json('old'));
    version.move();
    const answer = await cache.answer('k', json('new'));
    expect(answer.body.toString()).toBe('{"text":"new"}');
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 2, entries: 1 });
  });

  it('does not keep an answer computed while the version moved', async () => {
    const version = versionAt();
    const cache = createResponseCache({ maxBytes: 10_000, version: version.source });
    await cache.answer('k', async () => {
      // A write commits while this answer is being read from the old catalogue.
      version.move();
      return { json: '{"text":"maybe old"}' };
    });
    const next = await cache.answer('k', json('new'));
    expect(next.body.toString()).toBe('{"text":"new"}');
    expect(cache.stats().hits).toBe(0);
  });

  it('evicts the least recently used entry past its byte budget', async () => {
    const body = 'x'.repeat(300);
    const cache = createResponseCache({ maxBytes: 1_200, version: versionAt().source });
    await cache.answer('a', raw(body));
    await cache.answer('b', raw(body));
    await cache.answer('a', raw(body));
    await cache.answer('c', raw(body));
    const stats = cache.stats();
    expect(stats).toMatchObject({ entries: 2, evictions: 1 });
    expect(stats.bytes).toBeLessThanOrEqual(1_200);
    await cache.answer('a', raw(body));
    expect(cache.stats().hits).toBe(2);
    await cache.answer('b', raw(body));
    expect(cache.stats().misses).toBe(4);
  });

  it('keeps nothing with a budget of 0, and nothing larger than the budget', async () => {
    const off = createResponseCache({ maxBytes: 0, version: versionAt().source });
    await off.answer('k', json('a'));
    await off.answer('k', json('a'));
    expect(off.stats()).toMatchObject({ enabled: false, entries: 0, hits: 0, misses: 2 });

    const small = createResponseCache({ maxBytes: 250, version: versionAt().source });
    await small.answer('k', raw('x'.repeat(100)));
    expect(small.stats().entries).toBe(0);
  });
});

describe('changes scoped to tags (decision 026)', () => {
  it('forgets the entries holding a touched tag and those without tags, keeps the rest', async () => {
    const version = versionAt();
    const cache = createResponseCache({ maxBytes: 10_000, version: version.source });
    await cache.answer('shows p1', json('p1 old', ['p1']));
    await cache.answer('shows p2', json('p2', ['p2']));
    await cache.answer('shows none', json('counts', []));
    await cache.answer('untagged', json('anything'));

    version.move(['p1']);

    expect((await cache.answer('shows p1', json('p1 new', ['p1']))).body.toString()).toContain(
      'new',
    );
    expect(await cache.cached('shows p2')).toBeDefined();
    expect(await cache.cached('shows none')).toBeDefined();
    expect(await cache.cached('untagged')).toBeUndefined();
    version.move();
    expect(await cache.cached('shows p2')).toBeUndefined();
    expect(await cache.cached('shows none')).toBeUndefined();
  });

  it('keeps an answer computed while a change moved the version only if the change did not touch it', async () => {
    const version = versionAt();
    const cache = createResponseCache({ maxBytes: 10_000, version: version.source });
    await cache.answer('p2', async () => {
      version.move(['p1']);
      return { json: '{"p2":true}', tags: ['p2'] };
    });
    await cache.answer('p1', async () => {
      version.move(['p1']);
      return { json: '{"p1":"maybe old"}', tags: ['p1'] };
    });
    expect(await cache.cached('p2')).toBeDefined();
    expect(await cache.cached('p1')).toBeUndefined();
  });

  it('amends the entries a change says how to, in place, and forgets those it cannot', async () => {
    const version = versionAt();
    const cache = createResponseCache({ maxBytes: 10_000, version: version.source });
    const stock = (units: number) => async () => ({
      json: JSON.stringify({ id: 'p1', stock: units }),
      tags: ['p1'],
    });
    const before = await cache.answer('p1 stock', stock(5));
    await cache.answer('p1 and p2', json('both', ['p1', 'p2']));
    await cache.answer('p1 other', json('p1 wrong shape', ['p1']));
    const setStock = (units: number) => (value: unknown) => {
      const record = value as { stock?: number };
      if (record.stock === undefined) return false;
      record.stock = units;
      return true;
    };

    version.move(['p1', 'p2'], { p1: setStock(4) });

    const amended = await cache.cached('p1 stock');
    expect(amended?.body.toString()).toBe('{"id":"p1","stock":4}');
    expect(amended?.etag).not.toBe(before.etag);
    expect(amended?.etag).toBe(toCachedAnswer('{"id":"p1","stock":4}').etag);
    // A touched tag without an edit (p2), or an edit that could not apply: computed again.
    expect(await cache.cached('p1 and p2')).toBeUndefined();
    expect(await cache.cached('p1 other')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ amended: 1, entries: 1 });
  });

  it('compresses a kept answer once, when first asked, and counts it in the budget', async () => {
    const cache = createResponseCache({ maxBytes: 100_000, version: versionAt().source });
    const big = JSON.stringify({ padding: 'tee '.repeat(2_000) });
    const answer = await cache.answer('k', raw(big));
    const plain = cache.stats().bytes;
    const gzip = answer.encodedAs?.('gzip');
    expect(gunzipSync(gzip ?? Buffer.alloc(0)).toString()).toBe(big);
    expect(answer.encodedAs?.('gzip')).toBe(gzip);
    expect(cache.stats().bytes).toBe(plain + (gzip?.length ?? 0));
    expect((await cache.answer('small', raw('{}'))).encodedAs?.('br')).toBeUndefined();
  });

  it('answers cached() only from memory, counting a hit', async () => {
    const cache = createResponseCache({ maxBytes: 10_000, version: versionAt().source });
    expect(await cache.cached('k')).toBeUndefined();
    const kept = await cache.answer('k', json('a'));
    expect(await cache.cached('k')).toBe(kept);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });
  });
});

describe('normalisedKey', () => {
  it('names one query whatever the order of its fields and list values, ignoring undefined', () => {
    expect(normalisedKey('list', { query: { b: 1, a: ['y', 'x'], c: undefined } })).toBe(
      normalisedKey('list', { query: { a: ['x', 'y'], b: 1 } }),
    );
    expect(normalisedKey('list', { query: { a: 1 } })).not.toBe(
      normalisedKey('detail', { query: { a: 1 } }),
    );
  });
});
