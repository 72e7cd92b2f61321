import { useTheme } from '@mui/material/styles';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const DAY_MS = 86_400_000;

/** Daily uses as an area chart with dated axis (recharts, as the admin analytics use). */
export function TrendChart({
  daily,
  firstDay,
  locale,
  label,
}: {
  daily: number[];
  firstDay: string;
  locale: string;
  label: string;
}) {
  const theme = useTheme();
  const start = Date.parse(`${firstDay}T00:00:00Z`);
  const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const numberFormat = new Intl.NumberFormat(locale, { notation: 'compact' });
  const fullFormat = new Intl.NumberFormat(locale);
  const data = daily.map((uses, i) => ({ day: dayFormat.format(new Date(start + i * DAY_MS)), uses }));
  return (
    <div role="img" aria-label={label} data-testid="trend-chart" style={{ width: '100%', height: 240 }}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
          <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={24} />
          <YAxis
            tick={{ fontSize: 12 }}
            width={44}
            allowDecimals={false}
            tickFormatter={(v: number) => numberFormat.format(v)}
          />
          <Tooltip formatter={(value) => [fullFormat.format(Number(value)), label]} />
          <Area
            type="monotone"
            dataKey="uses"
            name={label}
            stroke={theme.palette.primary.main}
            fill={theme.palette.primary.light}
            fillOpacity={0.3}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
