import { useId } from 'react';
import { MinusIcon, PlusIcon } from './icons.tsx';

interface QuantityStepperProps {
  value: number;
  onDecrease: () => void;
  onIncrease: () => void;
  /** What the quantity is of, for the buttons' names ('Increase quantity of Classic Tee, size M'). */
  itemLabel?: string;
  /** − does nothing at the minimum, so it is disabled there. */
  min?: number;
  /** Why + is disabled, shown under the stepper and read with the button; + is enabled without it. */
  increaseBlockedReason?: string | undefined;
  size?: 'sm' | 'md';
}

/** − quantity +: the count is read out when it changes. */
export function QuantityStepper({
  value,
  onDecrease,
  onIncrease,
  itemLabel,
  min = 1,
  increaseBlockedReason,
  size = 'md',
}: QuantityStepperProps) {
  const reasonId = useId();
  const of = itemLabel ? ` of ${itemLabel}` : '';
  const button = `inline-flex items-center justify-center rounded-full text-ink-800 transition-colors hover:bg-ink-100 disabled:cursor-not-allowed disabled:text-ink-400 disabled:hover:bg-transparent ${
    size === 'sm' ? 'size-8' : 'size-10'
  }`;
  const stepper = (
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
        disabled={increaseBlockedReason !== undefined}
        aria-label={`Increase quantity${of}`}
        aria-describedby={increaseBlockedReason === undefined ? undefined : reasonId}
        className={button}
      >
        <PlusIcon className="size-4" />
      </button>
    </div>
  );
  if (increaseBlockedReason === undefined) return stepper;
  return (
    <div className="flex max-w-56 flex-col gap-1">
      {stepper}
      <p id={reasonId} className="text-xs text-ink-600">
        {increaseBlockedReason}
      </p>
    </div>
  );
}
