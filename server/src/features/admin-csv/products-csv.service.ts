import {
  type AdminProduct,
  type AdminProductBody,
  IMPORT_BODY_REQUIRED,
  IMPORT_NO_ROWS,
  IMPORT_TOO_MANY_ROWS,
  importRefused,
  missingColumns,
  PAGE_SIZE_MAX,
  PRODUCT_IMPORT_MAX_ROWS,
  PRODUCTS_CSV_COLUMNS,
  type ProductImportRefusal,
  type ProductImportResult,
  type ProductsCsvColumn,
  unknownColumns,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import { type CsvRecord, parseCsv, toCsv } from '#server/features/admin/csv.ts';
import type { AdminProductsService } from '#server/features/catalogue/admin-products.service.ts';
import { AppError, badRequest } from '#server/lib/app-error.ts';
import {
  changedColumns,
  columnOf,
  flagCell,
  headerProblems,
  parseProductRow,
  productCells,
} from './product-rows.ts';

export const ARCHIVED_READ_ONLY =
  'archived cannot be changed by an import: archive or restore the product on its page';
export const noSuchProduct = (id: string) =>
  `There is no product ${id}: leave id empty to add a new product`;
export const repeatedProduct = (line: number) => `The same product is on line ${line}`;
export const wrongCellCount = (cells: number, columns: number) =>
  `The row has ${cells} cells; the header has ${columns}`;

/**
 * The admin products service working in a given transaction: the import
 * writes every row through the product form's own service, so it checks
 * whatever that service checks.
 */
export type AdminProductsIn = (executor: Database) => AdminProductsService;

/** A row ready to write: a new product, or a change to one. */
type Write =
  | { line: number; kind: 'create'; body: AdminProductBody }
  | { line: number; kind: 'change'; id: string; body: AdminProductBody; columns: string[] };

/** Thrown to roll a dry run (or a refused apply) back once every row is tried. */
class RolledBack extends Error {}

/** Every product, archived ones too, oldest first, as the owner's list pages them. */
async function allProducts(products: AdminProductsService): Promise<AdminProduct[]> {
  const found: AdminProduct[] = [];
  for (let page = 1; ; page += 1) {
    const { results, total } = await products.listProducts({ page, limit: PAGE_SIZE_MAX });
    found.push(...results);
    if (results.length === 0 || found.length >= total) break;
  }
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
}

/** What a refused write says, column by column where the service named fields. */
function refusalsOf(line: number, error: AppError): ProductImportRefusal[] {
  if (!error.fieldErrors?.length) return [{ line, column: null, message: error.message }];
  return error.fieldErrors.map((field) => ({
    line,
    column: columnOf(field.field),
    message: field.message,
  }));
}

/** The owner's products CSV (issue 27): the export, and the import that takes it back. */
export function createProductsCsvService(db: Database, productsIn: AdminProductsIn) {
  const products = productsIn(db);

  /** Reads every row; a row that cannot be a write is refused with its reasons. */
  function plan(records: CsvRecord[], existing: Map<string, AdminProduct>) {
    const [header, ...rows] = records;
    if (!header) throw badRequest(IMPORT_BODY_REQUIRED);
    const columns = header.cells.map(
      (cell) =>
        PRODUCTS_CSV_COLUMNS.find((column) => column.toLowerCase() === cell.trim().toLowerCase()) ??
        cell.trim(),
    );
    const { missing, unknown } = headerProblems(columns);
    if (missing.length > 0) throw badRequest(missingColumns(missing));
    if (unknown.length > 0) throw badRequest(unknownColumns(unknown));
    if (rows.length === 0) throw badRequest(IMPORT_NO_ROWS);
    if (rows.length > PRODUCT_IMPORT_MAX_ROWS) throw badRequest(IMPORT_TOO_MANY_ROWS);

    const writes: Write[] = [];
    const refused: ProductImportRefusal[] = [];
    const linesById = new Map<string, number>();
    let unchanged = 0;
    for (const { line, cells } of rows) {
      const refuse = (column: string | null, message: string) =>
        refused.push({ line, column, message });
      if (cells.length !== columns.length) {
        refuse(null, wrongCellCount(cells.length, columns.length));
        continue;
      }
      const cell = (column: ProductsCsvColumn) => cells[columns.indexOf(column)] ?? '';
      const id = cell('id').trim();
      const product = id ? existing.get(id) : undefined;
      const earlier = id ? linesById.get(id) : undefined;
      if (id && !product) refuse('id', noSuchProduct(id));
      else if (earlier !== undefined) refuse('id', repeatedProduct(earlier));
      if (id) linesById.set(id, earlier ?? line);
      const archived = flagCell(cell('archived'));
      if (archived !== undefined && archived !== (product?.archived ?? false)) {
        refuse('archived', ARCHIVED_READ_ONLY);
      }
      const parsed = parseProductRow(cell);
      if (!parsed.ok) {
        for (const problem of parsed.problems) refuse(problem.column, problem.message);
      }
      if (refused.at(-1)?.line === line || !parsed.ok) continue;
      if (!product) {
        writes.push({ line, kind: 'create', body: parsed.body });
        continue;
      }
      const changed = changedColumns(product, parsed.body);
      if (changed.length === 0) unchanged += 1;
      else writes.push({ line, kind: 'change', id, body: parsed.body, columns: changed });
    }
    return { writes, refused, unchanged };
  }

  return {
    async exportProducts(): Promise<string> {
      const rows = (await allProducts(products)).map((product) => {
        const cells = productCells(product);
        return PRODUCTS_CSV_COLUMNS.map((column) => cells[column]);
      });
      return toCsv([PRODUCTS_CSV_COLUMNS, ...rows], { bom: true });
    },

    /**
     * Tries every row in one transaction, each through the admin products
     * service in a savepoint of its own, so a row its rules refuse leaves the
     * others be. A dry run, or an apply with any row refused, then rolls it
     * all back: an import never half-applies.
     */
    async importProducts(text: unknown, { dryRun }: { dryRun: boolean }) {
      if (typeof text !== 'string' || text.trim() === '') throw badRequest(IMPORT_BODY_REQUIRED);
      const existing = new Map((await allProducts(products)).map((row) => [row._id, row]));
      const { writes, refused, unchanged } = plan(parseCsv(text), existing);
      const result: ProductImportResult = {
        dryRun,
        created: [],
        changed: [],
        unchanged,
        refused,
      };
      try {
        await db.transaction(async (tx) => {
          const inTransaction = productsIn(tx);
          for (const write of writes) {
            try {
              if (write.kind === 'create') {
                const created = await inTransaction.createProduct(write.body);
                result.created.push({ line: write.line, title: created.title });
              } else {
                const saved = await inTransaction.updateProduct(write.id, write.body);
                result.changed.push({
                  line: write.line,
                  id: write.id,
                  title: saved.title,
                  columns: write.columns,
                });
              }
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              refused.push(...refusalsOf(write.line, error));
            }
          }
          if (dryRun || refused.length > 0) throw new RolledBack();
        });
      } catch (error) {
        if (!(error instanceof RolledBack)) throw error;
      }
      refused.sort((a, b) => a.line - b.line);
      if (!dryRun && refused.length > 0) {
        throw badRequest(
          importRefused(new Set(refused.map((refusal) => refusal.line)).size),
          refused.map((refusal) => ({
            field: `line ${refusal.line}${refusal.column ? `, ${refusal.column}` : ''}`,
            message: refusal.message,
          })),
        );
      }
      return result;
    },
  };
}

export type ProductsCsvService = ReturnType<typeof createProductsCsvService>;
