import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'));

interface LockedPackage {
  version?: string;
  engines?: { node?: string };
}

describe('the Node version the README promises', () => {
  const promised: string = read('package.json').engines.node;
  const oldest = semver.minVersion(promised);

  it('is one every installed package supports', () => {
    expect(oldest, promised).not.toBeNull();
    const packages: Record<string, LockedPackage> = read('package-lock.json').packages;
    const refusing = Object.entries(packages)
      .filter(([path, pkg]) => path !== '' && pkg.engines?.node)
      .filter(([, pkg]) => !semver.satisfies(oldest ?? '', pkg.engines?.node ?? '*'))
      .map(([path, pkg]) => `${path}@${pkg.version} wants node ${pkg.engines?.node}`);
    expect(refusing).toEqual([]);
  });

  it('is the one the README states', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`Node.js ${semver.minVersion(promised)?.major}.${oldest?.minor}`);
  });
});
