import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipPassThrough } from 'fflate';
import {
  DESIGN_SIDES,
  type DesignSide,
  type Layer,
  type LinePrint,
  NO_PRINT_FILES_MESSAGE,
  PRINT_FILE_FAILED_MESSAGE,
  type PrintArea,
  printedSides,
  printFilesNotReadyMessage,
  printFilesZipName,
  printZipEntries,
} from '#contract';
import type { Database } from '#server/db/client.ts';
import type { OrderItemRow } from '#server/db/schema/orders.ts';
import { printedDesign } from '#server/features/designs/designs.service.ts';
import { conflict, notFound } from '#server/lib/app-error.ts';
import { canonicalJson } from '#server/lib/canonical-json.ts';
import {
  findItemPrints,
  findPrintPng,
  insertOrderItemPrints,
  upsertPrintJob,
} from './print-jobs.repository.ts';

/** One printed side of an ordered line, exactly as its print file draws it. */
export interface PrintedSide {
  side: DesignSide;
  area: PrintArea;
  layers: Layer[];
}

/**
 * The sides an ordered line prints, from the design and print areas frozen
 * on it (D27): the one place the print queue reads a line's printed design.
 */
export function printedSidesOf(
  item: Pick<OrderItemRow, 'design' | 'printAreas' | 'personalisation'>,
): PrintedSide[] {
  const design = printedDesign(item);
  const { printAreas } = item;
  if (!design || !printAreas) return [];
  return printedSides(design).map((side) => ({
    side,
    area: printAreas[side],
    layers: design[side],
  }));
}

/** What makes two prints the same print: side, print area and layers, whatever their keys' order. */
export const printKeyOf = (printed: PrintedSide) =>
  createHash('sha256').update(canonicalJson(printed)).digest('hex');

/**
 * The print queue (decision 059): checkout enqueues each printed side of
 * each line in its transaction, once per distinct print; workers (print-
 * worker.ts) make the PNGs; the admin's downloads serve them.
 */
export function createPrintJobsService(db: Database) {
  /** The prints of an order's lines, with their jobs; 409 unless every one is made. */
  async function madePrints(items: OrderItemRow[]) {
    const prints = await findItemPrints(
      db,
      items.map((item) => item.id),
    );
    if (prints.length === 0) throw notFound(NO_PRINT_FILES_MESSAGE);
    if (prints.some((print) => print.status === 'failed'))
      throw conflict(PRINT_FILE_FAILED_MESSAGE);
    const done = prints.filter((print) => print.status === 'done').length;
    if (done < prints.length) throw conflict(printFilesNotReadyMessage(done, prints.length));
    return prints;
  }

  return {
    /**
     * Inside checkout's transaction: a job for each distinct print of the
     * order's lines (one already queued or made by an earlier order is
     * reused), and each line's side linked to it. Jobs are upserted in key
     * order so that two checkouts sharing prints never wait on each other in
     * a cycle.
     */
    async enqueueOrderPrints(tx: Database, items: OrderItemRow[]): Promise<void> {
      const sides = items.flatMap((item) =>
        printedSidesOf(item).map((printed) => ({
          item,
          printed,
          printKey: printKeyOf(printed),
        })),
      );
      const jobIds = new Map<string, string>();
      for (const { printed, printKey } of [...sides].sort((a, b) =>
        a.printKey < b.printKey ? -1 : 1,
      )) {
        if (!jobIds.has(printKey)) {
          jobIds.set(printKey, await upsertPrintJob(tx, { printKey, ...printed }));
        }
      }
      await insertOrderItemPrints(
        tx,
        sides.map(({ item, printed, printKey }) => ({
          orderItemId: item.id,
          side: printed.side,
          printJobId: jobIds.get(printKey) ?? '',
        })),
      );
    },

    /** Each printed side of these lines and its print file's status, for the owner's order page. */
    async linePrints(tx: Database, itemIds: string[]): Promise<LinePrint[]> {
      const prints = await findItemPrints(tx, itemIds);
      return prints
        .map(({ orderItemId, side, status }) => ({ itemId: orderItemId, side, status }))
        .sort(
          (a, b) =>
            itemIds.indexOf(a.itemId) - itemIds.indexOf(b.itemId) ||
            DESIGN_SIDES.indexOf(a.side) - DESIGN_SIDES.indexOf(b.side),
        );
    },

    /** A line's side as its job made it; undefined while it is not made (or was never queued). */
    async madePrintFile(itemId: string, side: DesignSide): Promise<Buffer | undefined> {
      const print = (await findItemPrints(db, [itemId])).find((found) => found.side === side);
      return print && findPrintPng(db, print.printJobId);
    },

    /**
     * Every print file of an order as one ZIP, streamed one PNG at a time
     * (a 30-piece roster's files never sit in memory together): one entry a
     * piece and side, named and sorted by printZipEntries. Refused (409)
     * before anything is sent while a print is not made.
     */
    async printFilesZip(
      orderId: string,
      items: OrderItemRow[],
    ): Promise<{ stream: Readable; fileName: string }> {
      const prints = await madePrints(items);
      const pieces = items.flatMap((item) =>
        prints
          .filter((print) => print.orderItemId === item.id)
          .flatMap((print) =>
            Array.from({ length: item.quantity }, () => ({
              side: print.side,
              size: item.size,
              // A personalised piece's file is named by its name, or its number when it has none.
              name:
                item.personalisation?.name || (item.personalisation?.number?.toString() ?? null),
              printJobId: print.printJobId,
            })),
          ),
      );
      const stream = new PassThrough();
      const zip = new Zip((error, chunk, final) => {
        if (error) stream.destroy(error);
        else {
          stream.write(chunk);
          if (final) stream.end();
        }
      });
      const write = async () => {
        for (const { index, fileName } of printZipEntries(pieces)) {
          const png = await findPrintPng(db, pieces[index]?.printJobId ?? '');
          if (!png) throw new Error(`The print file ${fileName} is no longer made`);
          // PNGs are compressed already: stored as they are.
          const entry = new ZipPassThrough(fileName);
          zip.add(entry);
          entry.push(png, true);
          // A slow download holds the next PNG back instead of piling them up in memory.
          if (stream.writableNeedDrain) await once(stream, 'drain');
        }
        zip.end();
      };
      write().catch((error: unknown) => stream.destroy(error as Error));
      return { stream, fileName: printFilesZipName(orderId) };
    },
  };
}

export type PrintJobsService = ReturnType<typeof createPrintJobsService>;
