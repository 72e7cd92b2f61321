/**
 * A tiny line of daily uses for a table cell, in the secondary text colour. Decorative (aria-hidden):
 * the cell's label says the numbers; the tag's chart dialog draws the real chart with axes.
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
  if (values.length < 2) return null;
  const max = Math.max(1, ...values);
  const step = width / (values.length - 1);
  const points = values
    .map((value, i) => `${(i * step).toFixed(1)},${(height - 1 - (value / max) * (height - 2)).toFixed(1)}`)
    .join(' ');
  return (
    <svg
      className="ts-sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      data-testid="sparkline"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth={1.5} />
    </svg>
  );
}
