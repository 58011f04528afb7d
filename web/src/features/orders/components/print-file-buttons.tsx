import { useState } from 'react';
import {
  type AdminOrder,
  type DesignSide,
  PRINT_JOB_LABELS,
  printedSides,
  printFileName,
  printFilePath,
  printFilesPath,
  printFilesZipName,
} from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';
import { toast } from '#web/lib/toast.ts';

type OrderItem = AdminOrder['items'][number];

/** Runs one download at a time, with its failure as a toast; answers which one runs. */
function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (key: string, run: () => Promise<void>) => {
    setBusy(key);
    try {
      await run();
    } catch (error) {
      toast.error(getErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

/**
 * 'Download print file (front)' for each printed side of an ordered line with
 * a design (D27), with where its file is in the print queue (decision 059):
 * the 300 DPI PNG the queue made, or the server draws it then.
 */
export function PrintFileButtons({
  order,
  item,
}: {
  order: Pick<AdminOrder, '_id' | 'items' | 'prints'>;
  item: OrderItem;
}) {
  const { busy, download } = useDownload();
  if (!item.design) return null;
  // The item's place in the order, from 1: the file's name says which line to pack it with.
  const line = order.items.indexOf(item) + 1;
  const statusOf = (side: DesignSide) =>
    order.prints.find((print) => print.itemId === item._id && print.side === side)?.status;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {printedSides(item.design, item.personalisation).map((side) => {
        const status = statusOf(side);
        return (
          <li key={side} className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              disabled={busy !== null}
              onClick={() =>
                download(side, () =>
                  downloadFile(
                    printFilePath(order._id, item._id, side),
                    printFileName(order._id, line, item, side),
                  ),
                )
              }
              className={buttonStyles({ variant: 'outline', size: 'sm', className: 'px-3' })}
            >
              {busy === side ? 'Preparing…' : `Download print file (${side})`}
            </button>
            {status && (
              <span className={`text-xs ${status === 'failed' ? 'text-red-700' : 'text-ink-600'}`}>
                {PRINT_JOB_LABELS[status]}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * 'Download all print files': the order's files as one ZIP (decision 059),
 * once the print queue has made them all; until then it says how many are.
 */
export function PrintFilesZipButton({ order }: { order: Pick<AdminOrder, '_id' | 'prints'> }) {
  const { busy, download } = useDownload();
  const { prints } = order;
  if (prints.length === 0) return null;
  const done = prints.filter((print) => print.status === 'done').length;
  const failed = prints.some((print) => print.status === 'failed');
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3">
      <button
        type="button"
        disabled={busy !== null || done < prints.length}
        onClick={() =>
          download('zip', () =>
            downloadFile(printFilesPath(order._id), printFilesZipName(order._id)),
          )
        }
        className={buttonStyles({ size: 'sm', className: 'px-3' })}
      >
        {busy ? 'Preparing…' : 'Download all print files'}
      </button>
      <span role="status" className="text-sm text-ink-600">
        {failed
          ? 'A print file failed: download it from its line to see why'
          : `${done} of ${prints.length} print files ready`}
      </span>
    </div>
  );
}
