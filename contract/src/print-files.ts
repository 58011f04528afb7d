import { z } from 'zod';
import { SIZES, type Size } from './catalogue.ts';
import { IdParamsSchema, IdSchema } from './common.ts';
import { type DesignSide, DesignSideSchema } from './design.ts';
import { defineEndpoint } from './endpoint.ts';
import { shortOrderNumber } from './format.ts';

/**
 * A print file's way through the print queue (decision 059): queued when the
 * order is placed, working while a worker draws it, done with its PNG kept,
 * failed after its last attempt.
 */
export const PRINT_JOB_STATUSES = ['queued', 'working', 'done', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** Where one printed side of an ordered line is in the print queue. */
export const LinePrintSchema = z.object({
  itemId: IdSchema,
  side: DesignSideSchema,
  status: z.enum(PRINT_JOB_STATUSES),
});
export type LinePrint = z.infer<typeof LinePrintSchema>;

export const PRINT_JOB_LABELS: Record<PrintJobStatus, string> = {
  queued: 'Print file queued',
  working: 'Print file being made',
  done: 'Print file ready',
  failed: 'Print file failed',
};

/** The ZIP answers 409 with this until every print file of the order is made. */
export const printFilesNotReadyMessage = (done: number, total: number) =>
  `The print files are still being made (${done} of ${total} ready): try again in a minute`;
export const PRINT_FILE_FAILED_MESSAGE =
  'A print file of this order could not be made: download it from its line to see why';
export const NO_PRINT_FILES_MESSAGE = 'This order has nothing printed';

export const downloadPrintFiles = defineEndpoint({
  name: 'downloadPrintFiles',
  method: 'GET',
  path: '/admin/orders/:id/print-files',
  tag: 'admin',
  summary:
    'Every print file of an order in one ZIP, one PNG a printed piece, named side-size-name-n and sorted by size; 409 until the print queue has made them all',
  auth: 'admin',
  params: IdParamsSchema,
  produces: 'application/zip',
  // The answer is the file itself, not the JSON envelope.
  result: z.string(),
});

export const printFilesPath = (orderId: string) =>
  `/admin/orders/${encodeURIComponent(orderId)}/print-files`;

export const printFilesZipName = (orderId: string) =>
  `order-${shortOrderNumber(orderId)}-print-files.zip`;

/** One printed piece's side, as the ZIP lists it. */
export interface PrintedPiece {
  side: DesignSide;
  size: Size;
  /** The name printed on it (a roster's row), null for a piece without one. */
  name: string | null;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The ZIP's entry names, in the ZIP's order: by size (S, M, L, …), then side,
 * then name; each `<side>-<size>-<name or plain>-<n>.png`, n counting the
 * pieces that would otherwise share a name (two plain M fronts: -1, -2).
 * Answers the pieces' indexes with their names.
 */
export function printZipEntries(
  pieces: readonly PrintedPiece[],
): { index: number; fileName: string }[] {
  const order = pieces
    .map((piece, index) => ({ piece, index }))
    .sort(
      (a, b) =>
        SIZES.indexOf(a.piece.size) - SIZES.indexOf(b.piece.size) ||
        a.piece.side.localeCompare(b.piece.side) ||
        (a.piece.name ?? '').localeCompare(b.piece.name ?? '') ||
        a.index - b.index,
    );
  const counts = new Map<string, number>();
  return order.map(({ piece, index }) => {
    const stem = `${piece.side}-${piece.size}-${(piece.name && slug(piece.name)) || 'plain'}`;
    const n = (counts.get(stem) ?? 0) + 1;
    counts.set(stem, n);
    return { index, fileName: `${stem}-${n}.png` };
  });
}
