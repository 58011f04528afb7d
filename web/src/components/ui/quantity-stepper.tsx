import { MinusIcon, PlusIcon } from './icons.tsx';

interface QuantityStepperProps {
  value: number;
  onDecrease: () => void;
  onIncrease: () => void;
  /** What the quantity is of, for the buttons' names ('Increase quantity of Classic Tee, size M'). */
  itemLabel?: string;
  /** − does nothing at the minimum, so it is disabled there. */
  min?: number;
  size?: 'sm' | 'md';
}

/** − quantity +: the count is read out when it changes. */
export function QuantityStepper({
  value,
  onDecrease,
  onIncrease,
  itemLabel,
  min = 1,
  size = 'md',
}: QuantityStepperProps) {
  const of = itemLabel ? ` of ${itemLabel}` : '';
  const button = `inline-flex items-center justify-center rounded-full text-ink-800 transition-colors hover:bg-ink-100 disabled:cursor-not-allowed disabled:text-ink-400 disabled:hover:bg-transparent ${
    size === 'sm' ? 'size-8' : 'size-10'
  }`;
  return (
    <div className="inline-flex items-center gap-1 rounded-full border border-ink-300 bg-white p-0.5">
      <button
        type="button"
        onClick={onDecrease}
        disabled={value <= min}
        aria-label={`Decrease quantity${of}`}
        className={button}
      >
        <MinusIcon className="size-4" />
      </button>
      <output
        aria-live="polite"
        aria-label={`Quantity${of}`}
        className="min-w-6 text-center text-sm font-semibold tabular-nums"
      >
        {value}
      </output>
      <button
        type="button"
        onClick={onIncrease}
        aria-label={`Increase quantity${of}`}
        className={button}
      >
        <PlusIcon className="size-4" />
      </button>
    </div>
  );
}
