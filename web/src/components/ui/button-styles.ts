/** Class names for links and buttons that look like buttons, so both share one look. */
const BASE =
  'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed';

const VARIANTS = {
  primary: 'bg-ink-900 text-white hover:bg-brand-700 disabled:bg-ink-300 disabled:text-ink-600',
  brand: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-ink-300 disabled:text-ink-600',
  outline: 'border border-ink-300 bg-white text-ink-900 hover:border-ink-900 hover:bg-ink-50',
  ghost: 'text-ink-700 hover:bg-ink-100 hover:text-ink-900',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-ink-300 disabled:text-ink-600',
} as const;

const SIZES = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-7 text-base',
} as const;

export function buttonStyles({
  variant = 'primary',
  size = 'md',
  className = '',
}: {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  className?: string;
} = {}): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${className}`.trim();
}
