import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** Each run builds its own copy of the web app, so runs side by side never share files. */
export const E2E_WEB_ROOT = join(tmpdir(), `shop-e2e-web-${PORT}`);

/** The built file (`assets/….js`) of a web source, e.g. `src/app/routes/product.tsx`, from Vite's manifest. */
export function builtFileOf(source: string): string {
  const manifest = JSON.parse(
    readFileSync(join(E2E_WEB_ROOT, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string } | undefined>;
  const built = manifest[source];
  if (!built) throw new Error(`The web build's manifest has no ${source}`);
  return built.file;
}
