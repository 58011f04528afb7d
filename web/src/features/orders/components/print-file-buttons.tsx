import { useState } from 'react';
import toast from 'react-hot-toast';
import { API_PREFIX, type Order, printedSides, printFilePath } from '#contract';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { getAuthToken } from '#web/lib/auth-token.ts';

type OrderItem = Order['items'][number];

/** Fetches a print file with the admin's token and hands it to the browser as a download. */
async function downloadPrintFile(orderId: string, item: OrderItem, side: 'front' | 'back') {
  const response = await fetch(`${API_PREFIX}${printFilePath(orderId, item._id, side)}`, {
    headers: { Authorization: `Bearer ${getAuthToken() ?? ''}` },
  });
  if (!response.ok) throw new Error(`The print file could not be made (${response.status}).`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `order-${orderId}-${item._id}-${side}.png`;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * 'Download print file (front)' for each printed side of an ordered line with
 * a design (D27): the 300 DPI PNG the server renders from the frozen design.
 */
export function PrintFileButtons({ orderId, item }: { orderId: string; item: OrderItem }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (!item.design) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {printedSides(item.design).map((side) => (
        <button
          key={side}
          type="button"
          disabled={busy !== null}
          onClick={async () => {
            setBusy(side);
            try {
              await downloadPrintFile(orderId, item, side);
            } catch (error) {
              toast.error(error instanceof Error ? error.message : String(error));
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
