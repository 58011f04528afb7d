import type { ReactNode } from 'react';

interface AdminTableProps {
  /** The column headings, in order. */
  headings: readonly string[];
  /** The width below which the table scrolls sideways: a Tailwind `min-w-*` class. */
  minWidthClass: string;
  /** The rows: one `<tr>` per item. */
  children: ReactNode;
  /**
   * Names a table without links or buttons: its scrolling box then takes the
   * keyboard's focus, so it scrolls sideways without a mouse (axe's
   * scrollable-region-focusable).
   */
  label?: string;
}

/** A back-office list: a white card that scrolls sideways on a narrow screen, a heading per column. */
export function AdminTable({ headings, minWidthClass, children, label }: AdminTableProps) {
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-ink-200 bg-white shadow-sm"
      {...(label && { role: 'region', 'aria-label': label, tabIndex: 0 })}
    >
      <table className={`w-full ${minWidthClass} text-left text-sm`}>
        <thead className="bg-ink-50 text-ink-700">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">{children}</tbody>
      </table>
    </div>
  );
}
