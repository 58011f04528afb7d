import { type FormEvent, useId, useState } from 'react';
import type { ProductImportResult } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { ApiError, getErrorMessage } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useDownloadProductsCsv, useImportProducts } from '../api/admin-csv.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** What a dry run found: the counts, then every refused row with where and why. */
function ImportReport({ report }: { report: ProductImportResult }) {
  const refusedLines = new Set(report.refused.map((refusal) => refusal.line)).size;
  return (
    <div className="space-y-3 text-sm text-ink-800" aria-live="polite">
      <ul className="space-y-1">
        <li>{plural(report.created.length, 'product to add', 'products to add')}</li>
        <li>{plural(report.changed.length, 'product to change', 'products to change')}</li>
        <li>{plural(report.unchanged, 'row unchanged', 'rows unchanged')}</li>
        <li className={refusedLines > 0 ? 'font-semibold text-red-700' : undefined}>
          {plural(refusedLines, 'row refused', 'rows refused')}
        </li>
      </ul>
      {report.changed.length > 0 ? (
        <details>
          <summary className="cursor-pointer font-medium">What changes</summary>
          <ul className="mt-1 max-h-40 list-disc space-y-1 overflow-y-auto pl-5">
            {report.changed.map((row) => (
              <li key={row.line}>
                Line {row.line}, {row.title}: {row.columns.join(', ')}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {report.refused.length > 0 ? (
        <div>
          <p className="font-medium">Fix these rows and check the file again:</p>
          <ul className="mt-1 max-h-48 list-disc space-y-1 overflow-y-auto pl-5">
            {report.refused.map((refusal) => (
              <li key={`${refusal.line} ${refusal.column} ${refusal.message}`}>
                Line {refusal.line}
                {refusal.column ? `, ${refusal.column}` : ''}: {refusal.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Products from a CSV file in two steps (issue 27): a dry run lists what
 * would be added, changed and refused, and only a clean one may be imported.
 */
function ImportProductsDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ProductImportResult | null>(null);
  const importProducts = useImportProducts();
  const fileId = useId();
  const writes = report ? report.created.length + report.changed.length : 0;
  const canApply = report !== null && report.refused.length === 0 && writes > 0;

  const failed = (error: unknown) =>
    toast.error(
      error instanceof ApiError && error.fieldErrors.length > 0
        ? `${error.message} ${error.fieldErrors.length} problems: check the file again.`
        : getErrorMessage(error),
    );

  function check(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setReport(null);
    importProducts.mutate({ file, dryRun: true }, { onSuccess: setReport, onError: failed });
  }

  function apply() {
    if (!file) return;
    importProducts.mutate(
      { file, dryRun: false },
      {
        onSuccess: (result) => {
          toast.success(
            `Imported: ${plural(result.created.length, 'product', 'products')} added, ${result.changed.length} changed.`,
          );
          onClose();
        },
        onError: failed,
      },
    );
  }

  return (
    <Dialog
      title="Import products"
      description="A CSV file with the columns of Export products. Rows with an id change that product; rows without one add a product. Check the file first: nothing is written until you import it."
      onClose={onClose}
      closeLabel="Close"
    >
      <form onSubmit={check} className="space-y-4">
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-ink-700">
            CSV file
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            required
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setReport(null);
            }}
            className="mt-1 block w-full text-sm text-ink-800"
          />
        </div>
        {report ? <ImportReport report={report} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button
            type="submit"
            disabled={!file || importProducts.isPending}
            className={buttonStyles({ variant: 'outline' })}
          >
            {importProducts.isPending && !report ? 'Checking…' : 'Check file'}
          </button>
          <button
            type="button"
            disabled={!canApply || importProducts.isPending}
            onClick={apply}
            className={buttonStyles()}
          >
            {writes > 0 ? `Import ${plural(writes, 'product', 'products')}` : 'Import'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The products page's CSV buttons: every product as a file, and products from one. */
export function ProductsCsvActions() {
  const download = useDownloadProductsCsv();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={download.isPending}
        onClick={() =>
          download.mutate(undefined, { onError: (error) => toast.error(getErrorMessage(error)) })
        }
        className={buttonStyles({ variant: 'outline' })}
      >
        {download.isPending ? 'Preparing…' : 'Export products'}
      </button>
      <button
        type="button"
        onClick={() => setImporting(true)}
        className={buttonStyles({ variant: 'outline' })}
      >
        Import products
      </button>
      {importing ? <ImportProductsDialog onClose={() => setImporting(false)} /> : null}
    </>
  );
}
