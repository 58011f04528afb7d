import { useCartLineActions } from '../hooks/use-cart-line-actions.ts';
import { useCartLines } from '../hooks/use-cart-lines.ts';
import { CartLine } from './cart-line.tsx';

/** Select-all with its counter, then every line (SPEC §2 Cart, §4). */
export function CartLines() {
  const { list } = useCartLines();
  const actions = useCartLineActions();
  const selected = list.filter((line) => line.selected).length;
  // SPEC §4: select-all is on exactly when every line is selected.
  const allSelected = list.length > 0 && selected === list.length;

  return (
    <section aria-labelledby="cart-lines-heading">
      <h2 id="cart-lines-heading" className="sr-only">
        Items in your cart
      </h2>
      <div className="mb-3 flex items-center justify-between gap-3 rounded-2xl bg-ink-50 px-4 py-3">
        <label className="inline-flex cursor-pointer items-center gap-3 text-sm font-semibold text-ink-900">
          <input
            type="checkbox"
            checked={allSelected}
            onChange={(event) => actions.selectAll(event.target.checked)}
            className="size-5 cursor-pointer accent-brand-600"
          />
          Select all
        </label>
        <p className="text-sm text-ink-700" aria-live="polite">
          {selected}/{list.length} items selected
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {list.map((line) => (
          <CartLine key={line._id} line={line} actions={actions} />
        ))}
      </ul>
    </section>
  );
}
