import type { ComponentType, ReactNode } from 'react';
import type { IconProps } from '#web/components/ui/icons.tsx';

interface CartOptionBoxProps {
  /** Makes the heading id unique on the page. */
  id: string;
  title: string;
  icon: ComponentType<IconProps>;
  children: ReactNode;
}

/** A choice kept with the cart (a coupon, gift wrap): a white box under an icon and a heading. */
export function CartOptionBox({ id, title, icon: Icon, children }: CartOptionBoxProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-bold text-ink-900">
        <Icon className="size-5 text-brand-600" />
        {title}
      </h2>
      {children}
    </section>
  );
}
