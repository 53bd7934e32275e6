/**
 * Component tests only: jsdom has no canvas, so Chart.js cannot draw there. This stands in for
 * @coreui/react-chartjs (`vi.mock('@coreui/react-chartjs', () => import('./chart-stub'))`): it
 * lists the chart's labels and values, and offers each bar or slice as a button that calls the
 * chart's click handler as Chart.js would. The real charts are drawn in tests/reports.e2e.ts.
 */
import type { ChartData } from 'chart.js';

interface StubProps {
  data: ChartData<'bar' | 'doughnut'>;
  getElementAtEvent?: (items: { datasetIndex: number; index: number }[], event: unknown) => void;
}

function Stub({ data, getElementAtEvent }: StubProps) {
  return (
    <div data-testid="chart">
      {data.datasets.map((set, datasetIndex) =>
        set.data.map((value, index) => {
          const name = [data.labels?.[index], set.label].filter(Boolean).join(' ');
          return (
            <button
              key={`${datasetIndex}-${index}`}
              type="button"
              onClick={(event) => getElementAtEvent?.([{ datasetIndex, index }], event)}
            >
              {`${name}: ${String(value)}`}
            </button>
          );
        }),
      )}
    </div>
  );
}

export const CChartBar = Stub;
export const CChartDoughnut = Stub;
