/** The sparkline's size, which its placeholder keeps while the figures load. */
export const SPARKLINE_SIZE = { width: 120, height: 32 } as const;

/** A small line of daily counts, drawn as SVG (no chart library on the dashboard). */
export function Sparkline({ values, label }: { values: number[]; label: string }) {
  const { width, height } = SPARKLINE_SIZE;
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const points = values
    .map((v, i) => `${(i * step).toFixed(1)},${(height - 2 - (v / max) * (height - 4)).toFixed(1)}`)
    .join(' ');
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
      className="text-primary"
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
