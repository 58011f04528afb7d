/**
 * CI, after `npm run lighthouse` (.ci/run): every run of every page must
 * score 100 in accessibility, best practices and SEO. Those categories do not
 * depend on timing; performance does, so it is printed by the run, never
 * asserted (issue 14: numbers about speed come from benchmarks, not checks).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHECKED_CATEGORIES = ['accessibility', 'bestPractices', 'seo'] as const;

type Scores = Record<(typeof CHECKED_CATEGORIES)[number], number> & { failing?: string[] };
export type LighthouseResults = Record<string, { runs: Scores[] }>;

/** One line per run and category under 100, with the audits that cost the points. */
export function nonTimingFailures(results: LighthouseResults): string[] {
  return Object.entries(results).flatMap(([page, { runs }]) => {
    if (runs.length === 0) return [`${page}: no run recorded`];
    return runs.flatMap((run, index) =>
      CHECKED_CATEGORIES.filter((category) => run[category] !== 100).map(
        (category) =>
          `${page}, run ${index + 1}: ${category} ${run[category]} (${(run.failing ?? []).join(', ')})`,
      ),
    );
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = resolve(process.env.LIGHTHOUSE_OUTPUT ?? 'lighthouse-results.json');
  const results = JSON.parse(readFileSync(file, 'utf8')) as LighthouseResults;
  const failures = nonTimingFailures(results);
  if (Object.keys(results).length === 0) failures.push(`${file} holds no page`);
  if (failures.length > 0) {
    console.error(`Lighthouse below 100 (issue 14):\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `Lighthouse: accessibility, best practices and SEO are 100 on ${Object.keys(results).length} pages, every run.`,
  );
}
