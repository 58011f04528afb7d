import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartPoint {
  /** The interval as the axis names it: '3 Mar'. */
  label: string;
  value: number;
}

interface SalesChartProps {
  points: ChartPoint[];
  /** What the bars count: 'Revenue'. */
  name: string;
  format: (value: number) => string;
}

/**
 * One figure per interval as bars (recharts, decision 046): this module and
 * recharts load only when the dashboard draws it. Recharts' accessibility
 * layer lets the keyboard step through the bars; the table beside it is the
 * screen readers' way in.
 */
export function SalesChart({ points, name, format }: SalesChartProps) {
  return (
    <div className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={points}
          accessibilityLayer
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke="var(--color-ink-200)" vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fontSize: 12, fill: 'var(--color-ink-700)' }}
            minTickGap={12}
          />
          <YAxis
            tickFormatter={format}
            tick={{ fontSize: 12, fill: 'var(--color-ink-700)' }}
            width={80}
            allowDecimals={false}
          />
          <Tooltip formatter={(value) => [format(Number(value)), name]} />
          <Bar dataKey="value" name={name} fill="var(--color-brand-600)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
