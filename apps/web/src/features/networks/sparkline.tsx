import { useTheme } from '@mui/material/styles';

/**
 * A tiny line of daily uses for a table cell. Decorative (aria-hidden): the cell's label says the
 * numbers; the tag's chart dialog draws the real chart with axes.
 */
export function Sparkline({
  values,
  width = 64,
  height = 20,
}: {
  values: number[];
  width?: number;
  height?: number;
}) {
  const theme = useTheme();
  if (values.length < 2) return null;
  const max = Math.max(1, ...values);
  const step = width / (values.length - 1);
  const points = values
    .map((value, i) => `${(i * step).toFixed(1)},${(height - 1 - (value / max) * (height - 2)).toFixed(1)}`)
    .join(' ');
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      data-testid="sparkline"
    >
      <polyline points={points} fill="none" stroke={theme.palette.text.secondary} strokeWidth={1.5} />
    </svg>
  );
}
