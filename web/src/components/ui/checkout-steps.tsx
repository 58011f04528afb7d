import { CheckIcon } from './icons.tsx';

/** SPEC §2: the checkout indicator's three steps. */
export const CHECKOUT_STEPS = ['Cart', 'Address', 'Payment'] as const;

/** Where the shopper is in checkout: Cart (1), Address (2), Payment (3). */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Checkout progress">
      <ol className="flex items-center justify-center gap-1.5 sm:gap-3">
        {CHECKOUT_STEPS.map((label, index) => {
          const step = index + 1;
          const done = step < current;
          const active = step === current;
          return (
            <li key={label} className="flex items-center gap-1.5 sm:gap-3">
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={`h-0.5 w-4 rounded-full sm:w-16 ${step <= current ? 'bg-brand-600' : 'bg-ink-200'}`}
                />
              ) : null}
              <span
                aria-current={active ? 'step' : undefined}
                className="flex items-center gap-1.5 text-sm font-semibold sm:gap-2"
              >
                <span
                  aria-hidden="true"
                  className={`flex size-7 items-center sm:size-8 justify-center rounded-full text-sm ${
                    active
                      ? 'bg-brand-600 text-white ring-4 ring-brand-100'
                      : done
                        ? 'bg-brand-600 text-white'
                        : 'border border-ink-300 bg-white text-ink-600'
                  }`}
                >
                  {done ? <CheckIcon className="size-4" /> : step}
                </span>
                <span className={active || done ? 'text-ink-900' : 'text-ink-600'}>
                  <span className="sr-only">Step {step}: </span>
                  {label}
                  {done ? <span className="sr-only"> (done)</span> : null}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
