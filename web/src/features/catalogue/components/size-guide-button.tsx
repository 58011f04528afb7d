import { useState } from 'react';
import { SIZE_GUIDE, SIZES } from '#contract';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useHydrated } from '#web/hooks/use-hydrated.ts';

/** 'Size guide' (issue 16): the category's measurements in cm, from the contract's data. */
export function SizeGuideButton({ category }: { category: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const guide = SIZE_GUIDE[category];
  if (!guide) return null;
  const sizes = SIZES.filter((size) => guide.sizes[size]);
  return (
    <>
      <button
        type="button"
        disabled={!hydrated}
        onClick={() => setOpen(true)}
        className="rounded-sm text-sm font-semibold text-brand-700 underline hover:text-brand-800"
      >
        Size guide
      </button>
      {open ? (
        <Dialog
          title={`Size guide: ${category}`}
          description="Garment measurements in centimetres, laid flat and doubled."
          closeLabel="Close size guide"
          onClose={() => setOpen(false)}
        >
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr className="border-b border-ink-200 text-ink-600">
                <th scope="col" className="py-2 font-semibold">
                  Size
                </th>
                <th scope="col" className="py-2 font-semibold">
                  {guide.girthLabel} (cm)
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Length (cm)
                </th>
              </tr>
            </thead>
            <tbody>
              {sizes.map((size) => (
                <tr key={size} className="border-b border-ink-100 last:border-0">
                  <th scope="row" className="py-2 font-semibold text-ink-900">
                    {size}
                  </th>
                  <td className="py-2">{guide.sizes[size]?.girth}</td>
                  <td className="py-2">{guide.sizes[size]?.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Dialog>
      ) : null}
    </>
  );
}
