/** Issue 27: the admins' daily email of sizes low on stock, and of those sold out since the last one. */
import { compose, details, type MailMessage, paragraph, type Recipient } from './html-email.ts';

export interface LowStockSize {
  title: string;
  size: string;
  stock: number;
}

export interface LowStockReport {
  threshold: number;
  /** Sizes on sale with `threshold` units or fewer, fewest first. */
  low: LowStockSize[];
  /** How many sizes are low in all (`low` may be cut short). */
  lowTotal: number;
  /** Sizes that sold their last unit since the last email. */
  soldOut: LowStockSize[];
}

const rows = (sizes: LowStockSize[]): [string, string][] =>
  sizes.map((size) => [`${size.title} (${size.size})`, `${size.stock} left`]);

export function lowStockEmail(
  to: Recipient,
  report: LowStockReport,
  publicUrl: string,
): MailMessage {
  const parts = [
    paragraph(
      `${report.lowTotal} ${report.lowTotal === 1 ? 'size has' : 'sizes have'} ${report.threshold} or fewer units left.`,
    ),
    details(rows(report.low)),
  ];
  if (report.lowTotal > report.low.length) {
    parts.push(paragraph(`And ${report.lowTotal - report.low.length} more: see the dashboard.`));
  }
  if (report.soldOut.length > 0) {
    parts.push(paragraph('Sold out since yesterday:'), details(rows(report.soldOut)));
  }
  return compose(
    'low-stock',
    to,
    `Low stock: ${report.lowTotal} ${report.lowTotal === 1 ? 'size' : 'sizes'} at ${report.threshold} or fewer`,
    parts,
    publicUrl,
  );
}
