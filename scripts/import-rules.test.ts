import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The rules of .dependency-cruiser.cjs (decision 035) run on a tiny copy of the repository's
 * layout: each wrong import must fail under its rule, and the imports the rules allow on purpose
 * (their exceptions) must pass. A rule weakened or dropped fails this test.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const CONFIG = join(root, '.dependency-cruiser.cjs');

const value = (...specifiers: string[]) =>
  `${specifiers.map((specifier) => `import '${specifier}';`).join('\n')}\nexport const x = 1;\n`;
const typeOf = (specifier: string) =>
  `import type { T } from '${specifier}';\nexport type U = T;\nexport const x = 1;\n`;

/** Files the wrong imports start from, each with the one rule it breaks and the file it reaches. */
const WRONG: Record<string, { rule: string; imports: string; to: string }> = {
  'contract/src/bad.ts': {
    rule: 'contract-only-zod',
    imports: value('drizzle-orm'),
    to: 'node_modules/drizzle-orm/',
  },
  'contract/src/bad.test.ts': {
    rule: 'contract-tests-only-zod-and-test-tools',
    imports: value('fastify'),
    to: 'node_modules/fastify/',
  },
  'web/src/lib/bad.ts': {
    rule: 'no-web-to-server',
    imports: value('../../../server/src/lib/money.ts'),
    to: 'server/src/lib/money.ts',
  },
  'server/src/lib/bad-web.ts': {
    rule: 'no-server-to-web',
    imports: value('../../../web/src/utils/format.ts'),
    to: 'web/src/utils/format.ts',
  },
  'e2e/support/bad.ts': {
    rule: 'e2e-through-the-app',
    imports: value('../../server/src/lib/money.ts'),
    to: 'server/src/lib/money.ts',
  },
  'server/src/lib/bad-tooling.ts': {
    rule: 'app-not-to-tooling',
    imports: value('../../../e2e/support/format.ts'),
    to: 'e2e/support/format.ts',
  },
  'server/src/lib/bad-test-helper.ts': {
    rule: 'test-code-only-in-tests',
    imports: value('#server-test/users.ts'),
    to: 'server/test/users.ts',
  },
  'server/src/features/wishlist/wishlist.service.ts': {
    rule: 'feature-internals-private',
    imports: value('#server/features/orders/orders.mapper.ts'),
    to: 'server/src/features/orders/orders.mapper.ts',
  },
  'server/test/bad.ts': {
    rule: 'feature-internals-private-outside-features',
    imports: value('#server/features/orders/orders.repository.ts'),
    to: 'server/src/features/orders/orders.repository.ts',
  },
  'server/src/features/reviews/reviews.service.ts': {
    rule: 'tables-behind-repositories',
    imports: value('#server/db/schema/orders.ts'),
    to: 'server/src/db/schema/orders.ts',
  },
  'server/src/lib/bad-feature.ts': {
    rule: 'server-shared-not-to-features',
    imports: value('#server/features/orders/orders.service.ts'),
    to: 'server/src/features/orders/orders.service.ts',
  },
  'server/src/plugins/bad.ts': {
    rule: 'server-plugins-take-services-by-type',
    imports: value('#server/features/orders/orders.service.ts'),
    to: 'server/src/features/orders/orders.service.ts',
  },
  'web/src/hooks/bad.ts': {
    rule: 'web-shared-not-to-features-or-app',
    imports: value('../features/cart/cart-store.ts'),
    to: 'web/src/features/cart/cart-store.ts',
  },
  'web/src/testing/bad.ts': {
    rule: 'web-testing-through-the-provider',
    imports: value('../app/router.tsx'),
    to: 'web/src/app/router.tsx',
  },
  'web/src/features/cart/bad.ts': {
    rule: 'web-features-not-to-other-features',
    imports: value('../wishlist/ids.ts'),
    to: 'web/src/features/wishlist/ids.ts',
  },
  'web/src/features/wishlist/bad.ts': {
    rule: 'web-features-not-to-app',
    imports: value('#web/app/router.tsx'),
    to: 'web/src/app/router.tsx',
  },
  'server/src/lib/cycle-a.ts': {
    rule: 'no-circular',
    imports: value('./cycle-b.ts'),
    to: 'server/src/lib/cycle-b.ts',
  },
  'server/src/lib/typo.ts': {
    rule: 'not-to-unresolvable',
    imports: value('./monye.ts'),
    to: './monye.ts',
  },
};

/** Imports the rules allow, the exceptions among them on purpose. */
const ALLOWED: Record<string, string> = {
  'contract/src/index.ts': value('zod', './common.ts'),
  'contract/src/common.ts': value('zod'),
  'contract/src/common.test.ts': value('vitest', 'zod', './common.ts'),
  'web/src/main.tsx': value('./app/router.tsx', './app/provider.tsx'),
  'web/src/app/router.tsx': value('#web/features/cart/cart-store.ts', '#contract'),
  'web/src/app/provider.tsx': value('#web/lib/api.ts'),
  'web/src/features/cart/cart-store.ts': value('#web/lib/api.ts', '#web/utils/format.ts', 'zod'),
  'web/src/features/wishlist/ids.ts': value('#contract'),
  'web/src/lib/api.ts': value('#contract'),
  'web/src/utils/format.ts': value('#contract'),
  // Test helpers render through the app's providers.
  'web/src/testing/render.tsx': value('#web/app/provider.tsx'),
  // Build configuration uses the Vite plugins kept in scripts/.
  'web/vite.config.ts': value('../scripts/vite-plugin.ts'),
  'scripts/vite-plugin.ts': value('node:path'),
  'e2e/support/format.ts': value('#contract', '@playwright/test'),
  'e2e/tests/orders.spec.ts': value('#contract', '../support/format.ts'),
  'server/src/app.ts': value('#server/features/orders/orders.routes.ts', '#server/plugins/auth.ts'),
  'server/src/lib/money.ts': value('#contract'),
  'server/src/lib/cycle-b.ts': value('./cycle-a.ts'),
  // A cycle closed by `import type` only is erased at runtime.
  'server/src/lib/types-a.ts': typeOf('./types-b.ts'),
  'server/src/lib/types-b.ts': value('./types-a.ts'),
  'server/src/db/schema/orders.ts': value('drizzle-orm', './catalogue.ts'),
  'server/src/db/schema/catalogue.ts': value('drizzle-orm'),
  // The seed builds services, like admin-cli.ts.
  'server/src/db/seed/seed.ts': value('#server/features/orders/orders.service.ts'),
  // A plugin names the type of the service app.ts hands it.
  'server/src/plugins/auth.ts': typeOf('#server/features/orders/orders.service.ts'),
  'server/src/features/orders/orders.routes.ts': value('./orders.service.ts', '#contract'),
  'server/src/features/orders/orders.service.ts': value(
    './orders.repository.ts',
    './orders.mapper.ts',
    '#server/lib/money.ts',
  ),
  'server/src/features/orders/orders.repository.ts': value('#server/db/schema/orders.ts'),
  'server/src/features/orders/orders.mapper.ts': typeOf('#server/db/schema/orders.ts'),
  'server/src/features/orders/checkout-fixtures.ts': value('#server/db/schema/catalogue.ts'),
  // A repository may read (join) another feature's tables; a mapper names their row types.
  'server/src/features/reviews/reviews.repository.ts': value('#server/db/schema/orders.ts'),
  'server/src/features/reviews/reviews.mapper.ts': typeOf('#server/db/schema/orders.ts'),
  // Another feature takes the mapper's shapes from the owner's service.
  'server/src/features/returns/returns.mapper.ts': value(
    '#server/features/orders/orders.service.ts',
  ),
  // Tests set up data through tables, helpers and other features' fixtures.
  'server/src/features/reviews/reviews.api.test.ts': value(
    '#server/db/schema/orders.ts',
    '#server-test/users.ts',
    '#server/features/orders/checkout-fixtures.ts',
  ),
  'server/test/users.ts': value('#server/features/orders/orders.service.ts'),
  'bench/orders.ts': value('#server/features/orders/orders.service.ts', '#contract'),
};

let layout: string;
let result: ICruiseResult;

beforeAll(async () => {
  layout = mkdtempSync(join(tmpdir(), 'import-rules-'));
  const { imports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  writeFileSync(join(layout, 'package.json'), JSON.stringify({ type: 'module', imports }));
  symlinkSync(join(root, 'node_modules'), join(layout, 'node_modules'), 'dir');
  const files = {
    ...ALLOWED,
    ...Object.fromEntries(Object.entries(WRONG).map(([file, { imports }]) => [file, imports])),
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(layout, file)), { recursive: true });
    writeFileSync(join(layout, file), text);
  }
  const options = await extractDepcruiseOptions(CONFIG);
  const cruised = await cruise(['contract', 'server', 'web', 'e2e', 'bench', 'scripts'], {
    ...options,
    baseDir: layout,
  });
  result = cruised.output as ICruiseResult;
}, 60_000);

afterAll(() => rmSync(layout, { recursive: true, force: true }));

describe('the import rules (.dependency-cruiser.cjs)', () => {
  it('fail each wrong import under its rule, and nothing else', () => {
    const found = (result.summary.violations ?? [])
      .map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`)
      .sort();
    const expected = Object.entries(WRONG)
      .map(([file, { rule, to }]) => `${rule}: ${file} → ${to}`)
      .sort();
    expect(found.map((line) => line.replace(/(node_modules\/[^/]+\/).*$/, '$1'))).toEqual(expected);
  });

  it('each have a wrong import that proves them', async () => {
    const { ruleSet } = await extractDepcruiseOptions(CONFIG);
    const rules = (ruleSet?.forbidden ?? []).map(({ name }) => name).sort();
    expect(rules).toEqual([...new Set(Object.values(WRONG).map(({ rule }) => rule))].sort());
  });
});
