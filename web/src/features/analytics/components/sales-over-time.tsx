import { type FormEvent, lazy, Suspense, useId, useState } from 'react';
import {
  ANALYTICS_INTERVALS,
  type Analytics,
  type AnalyticsFigures,
  type AnalyticsInterval,
  type AnalyticsQuery,
  formatRupees,
  SHOP_TIME_ZONE,
  shiftDay,
  type TopProduct,
} from '#contract';
import { AdminTable } from '#web/components/ui/admin-table.tsx';
import { buttonStyles } from '#web/components/ui/button-styles.ts';
import { CardSection } from '#web/components/ui/card-section.tsx';
import { QueryResult } from '#web/components/ui/query-result.tsx';
import { formatDate } from '#web/utils/format-date.ts';
import { useAdminAnalytics } from '../api/admin-analytics.ts';

// Recharts (~100 KB) loads only when the chart is drawn, after the dashboard's figures.
const SalesChart = lazy(() =>
  import('./sales-chart.tsx').then((module) => ({ default: module.SalesChart })),
);

/** The ranges offered at a click, in days up to today. */
const PRESET_DAYS = [7, 30, 90] as const;

const FIGURES = {
  revenue: { label: 'Revenue', money: true },
  orders: { label: 'Orders', money: false },
  averageOrderValue: { label: 'Average order value', money: true },
  units: { label: 'Units sold', money: false },
  newCustomers: { label: 'New customers', money: false },
  returns: { label: 'Returns', money: false },
  refunds: { label: 'Refunds', money: true },
} as const satisfies Record<keyof AnalyticsFigures, { label: string; money: boolean }>;
type Figure = keyof typeof FIGURES;
const FIGURE_KEYS = Object.keys(FIGURES) as Figure[];

const INTERVAL_LABELS: Record<AnalyticsInterval, string> = {
  day: 'By day',
  week: 'By week',
  month: 'By month',
};

const count = new Intl.NumberFormat('en-IN');
const formatFigure = (figure: Figure) => (value: number) =>
  FIGURES[figure].money ? formatRupees(value) : count.format(value);

/** Today on the shop's calendar, as the server counts days. */
export const shopToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(now);

const SHORT_DAY = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat('en-IN', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** How the chart's axis names an interval: '3 Mar', or 'Mar 2025' for a month. */
function axisLabel(start: string, interval: AnalyticsInterval) {
  const date = new Date(`${start}T00:00:00Z`);
  return interval === 'month' ? MONTH.format(date) : SHORT_DAY.format(date);
}

/** How the table names an interval: '3 Mar 2025', or '3 Mar 2025 – 9 Mar 2025'. */
const periodLabel = (start: string, end: string) =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;

const inputClass = 'mt-1 h-10 rounded-lg border border-ink-300 bg-white px-3 text-ink-900';

/** A small select with its label above, as the range's controls are. */
function LabelledSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The range chosen: a preset up to today, or days the owner typed. */
type Range = { days: (typeof PRESET_DAYS)[number] } | { from: string; to: string };

function queryOf(range: Range, interval: AnalyticsInterval, today: string): AnalyticsQuery {
  if ('days' in range) return { from: shiftDay(today, 1 - range.days), to: today, interval };
  return { ...range, interval };
}

/**
 * Sales over time on the dashboard (issue 27): 7, 30 or 90 days or a chosen
 * range, by day, week or month; one figure drawn at a time, every figure in
 * the table, and the best-selling products.
 */
export function SalesOverTime({ now = new Date() }: { now?: Date }) {
  const today = shopToday(now);
  const [range, setRange] = useState<Range>({ days: 30 });
  const [interval, chooseInterval] = useState<AnalyticsInterval>('day');
  const [figure, setFigure] = useState<Figure>('revenue');
  const query = queryOf(range, interval, today);
  const analytics = useAdminAnalytics(query);
  const ids = { from: useId(), to: useId() };

  function applyRange(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setRange({ from: String(form.get('from')), to: String(form.get('to')) });
  }

  return (
    <CardSection title="Sales over time" id="sales-over-time">
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <fieldset className="flex flex-wrap gap-2">
            <legend className="sr-only">Range</legend>
            {PRESET_DAYS.map((days) => (
              <button
                key={days}
                type="button"
                aria-pressed={'days' in range && range.days === days}
                onClick={() => setRange({ days })}
                className={buttonStyles({
                  variant: 'days' in range && range.days === days ? 'primary' : 'outline',
                  size: 'sm',
                })}
              >
                {days} days
              </button>
            ))}
          </fieldset>
          <LabelledSelect
            label="Intervals"
            value={interval}
            onChange={(value) => chooseInterval(value as AnalyticsInterval)}
            options={ANALYTICS_INTERVALS.map((value) => ({ value, label: INTERVAL_LABELS[value] }))}
          />
          <LabelledSelect
            label="Chart"
            value={figure}
            onChange={(value) => setFigure(value as Figure)}
            options={FIGURE_KEYS.map((key) => ({ value: key, label: FIGURES[key].label }))}
          />
        </div>
        <form
          key={`${query.from}-${query.to}`}
          onSubmit={applyRange}
          className="flex flex-wrap items-end gap-3"
        >
          <div>
            <label htmlFor={ids.from} className="block text-sm font-medium text-ink-700">
              From
            </label>
            <input
              id={ids.from}
              name="from"
              type="date"
              required
              max={today}
              defaultValue={query.from}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={ids.to} className="block text-sm font-medium text-ink-700">
              To
            </label>
            <input
              id={ids.to}
              name="to"
              type="date"
              required
              defaultValue={query.to}
              className={inputClass}
            />
          </div>
          <button type="submit" className={buttonStyles({ variant: 'outline', size: 'md' })}>
            Show range
          </button>
        </form>
        <QueryResult query={analytics} loading="Loading sales...">
          {(data) => <SalesFigures analytics={data} figure={figure} />}
        </QueryResult>
      </div>
    </CardSection>
  );
}

function SalesFigures({ analytics, figure }: { analytics: Analytics; figure: Figure }) {
  const { buckets, totals, interval } = analytics;
  const format = formatFigure(figure);
  const points = buckets.map((bucket) => ({
    label: axisLabel(bucket.start, interval),
    value: bucket[figure],
  }));
  const tableId = useId();
  return (
    <div className="space-y-6">
      <p className="text-sm text-ink-600">
        {periodLabel(analytics.from, analytics.to)}, days in India’s time. Cancelled orders and
        unpaid online orders are left out.
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {FIGURE_KEYS.map((key) => (
          <div key={key} className="rounded-xl border border-ink-200 p-3">
            <dt className="text-sm text-ink-600">{FIGURES[key].label}</dt>
            <dd className="mt-1 text-lg font-bold text-ink-900">
              {formatFigure(key)(totals[key])}
            </dd>
          </div>
        ))}
      </dl>
      <figure aria-describedby={tableId}>
        <figcaption className="mb-2 text-sm font-medium text-ink-700">
          {FIGURES[figure].label}, {INTERVAL_LABELS[interval].toLowerCase()}
        </figcaption>
        <Suspense fallback={<p className="h-72 text-ink-600">Loading chart...</p>}>
          <SalesChart points={points} name={FIGURES[figure].label} format={format} />
        </Suspense>
      </figure>
      <details>
        <summary id={tableId} className="cursor-pointer text-sm font-medium text-brand-700">
          Every figure as a table
        </summary>
        <div className="mt-3">
          <AdminTable
            headings={['Period', ...FIGURE_KEYS.map((key) => FIGURES[key].label)]}
            minWidthClass="min-w-[56rem]"
            label="Sales per interval"
          >
            {buckets.map((bucket) => (
              <tr key={bucket.start}>
                <th scope="row" className="px-4 py-2 font-medium text-ink-900">
                  {periodLabel(bucket.start, bucket.end)}
                </th>
                {FIGURE_KEYS.map((key) => (
                  <td key={key} className="px-4 py-2 text-ink-700">
                    {formatFigure(key)(bucket[key])}
                  </td>
                ))}
              </tr>
            ))}
          </AdminTable>
        </div>
      </details>
      <div className="grid gap-6 lg:grid-cols-2">
        <TopProducts title="Top products" products={analytics.topProducts} />
        <TopProducts title="Top customised products" products={analytics.topCustomisedProducts} />
      </div>
    </div>
  );
}

function TopProducts({ title, products }: { title: string; products: TopProduct[] }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold text-ink-900">{title}</h3>
      {products.length === 0 ? (
        <p className="text-sm text-ink-600">None sold in this range.</p>
      ) : (
        <ol className="divide-y divide-ink-100">
          {products.map((product) => (
            <li key={product.productId} className="flex justify-between gap-3 py-2 text-sm">
              <span className="font-medium text-ink-900">{product.title}</span>
              <span className="shrink-0 text-ink-700">
                {count.format(product.units)} sold · {formatRupees(product.sales)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
