import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const HEAP_BUDGET = fileURLToPath(new URL('./heap-budget.ts', import.meta.url));

/**
 * A process like the shop under load: 20 MB that lives throughout, and
 * requests' objects that live long enough to reach the old generation, then
 * die. It prints the largest old generation it saw, in MB.
 */
const CHURN = `
import { getHeapSpaceStatistics } from 'node:v8';
(await import(${JSON.stringify(HEAP_BUDGET)})).boundHeapGrowth();
const oldGeneration = () =>
  getHeapSpaceStatistics()
    .filter((space) => space.space_name === 'old_space' || space.space_name === 'large_object_space')
    .reduce((sum, space) => sum + space.space_size, 0);
const live = Array.from({ length: 20 }, () => Array.from({ length: 16384 }, (_, i) => ({ i })));
const inFlight = [];
let largest = 0;
for (let round = 0; round < 400; round += 1) {
  inFlight.push(Array.from({ length: 8192 }, (_, i) => ({ round, i, text: 'r' + round + '-' + i })));
  if (inFlight.length > 20) inFlight.shift();
  largest = Math.max(largest, oldGeneration());
}
console.log(live.length && Math.round(largest / 2 ** 20));
`;

function largestOldGenerationMb(): number {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', CHURN],
    { encoding: 'utf8' },
  );
  if (run.status !== 0) throw new Error(run.stderr);
  return Number(run.stdout.trim());
}

it('keeps the old generation near what lives, where V8 alone lets it grow to several times that', () => {
  // About 35 MB live: V8 alone grows past 100 MB on a machine with much memory.
  expect(largestOldGenerationMb()).toBeLessThan(90);
}, 60_000);
