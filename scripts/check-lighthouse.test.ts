import { describe, expect, it } from 'vitest';
import { nonTimingFailures } from './check-lighthouse.ts';

const perfect = { performance: 41, accessibility: 100, bestPractices: 100, seo: 100, failing: [] };

describe('the CI check of npm run lighthouse', () => {
  it('passes every page at 100 in the timing-free categories, whatever the performance', () => {
    expect(nonTimingFailures({ '/': { runs: [perfect, perfect] } })).toEqual([]);
  });

  it('names each run and category under 100 with the audits that cost the points', () => {
    const failures = nonTimingFailures({
      '/': { runs: [perfect] },
      '/cart': { runs: [perfect, { ...perfect, seo: 63, failing: ['seo/is-crawlable'] }] },
    });
    expect(failures).toEqual(['/cart, run 2: seo 63 (seo/is-crawlable)']);
  });

  it('fails a page with no run', () => {
    expect(nonTimingFailures({ '/': { runs: [] } })).toEqual(['/: no run recorded']);
  });
});
