import { useState } from 'react';
import { type Order, printedSides, printFileName, printFilePath } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getErrorMessage } from '#web/lib/api-client.ts';
import { downloadFile } from '#web/lib/download-file.ts';
import { toast } from '#web/lib/toast.ts';

type OrderItem = Order['items'][number];

/** A print file, as a download named by its order, line, size, garment colour and side. */
const downloadPrintFile = (
  orderId: string,
  line: number,
  item: OrderItem,
  side: 'front' | 'back',
) => downloadFile(printFilePath(orderId, item._id, side), printFileName(orderId, line, item, side));

/**
 * 'Download print file (front)' for each printed side of an ordered line with
 * a design (D27): the 300 DPI PNG the server renders from the frozen design.
 */
export function PrintFileButtons({
  orderId,
  line,
  item,
}: {
  orderId: string;
  /** The item's place in the order, from 1: the file's name says which line to pack it with. */
  line: number;
  item: OrderItem;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  if (!item.design) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {printedSides(item.design, item.personalisation).map((side) => (
        <button
          key={side}
          type="button"
          disabled={busy !== null}
          onClick={async () => {
            setBusy(side);
            try {
              await downloadPrintFile(orderId, line, item, side);
            } catch (error) {
              toast.error(getErrorMessage(error));
            } finally {
              setBusy(null);
            }
          }}
          className={buttonStyles({ variant: 'outline', size: 'sm', className: 'px-3' })}
        >
          {busy === side ? 'Preparing…' : `Download print file (${side})`}
        </button>
      ))}
    </div>
  );
}
