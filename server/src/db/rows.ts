/** The rows of a raw `db.execute`: node-postgres answers `{ rows }`, PGlite's driver the same; keep both readable. */
export function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}
