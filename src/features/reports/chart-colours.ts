/**
 * Chart colours from the theme's CSS variables (CoreUI), read again when the theme switches, so
 * the charts follow light and dark; and the text direction for Arabic.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ChartColours {
  text: string;
  grid: string;
  positive: string;
  neutral: string;
  negative: string;
  primary: string;
  info: string;
  /** The card's background: the border between a doughnut's slices. */
  surface: string;
}

function read(): ChartColours {
  const style = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    text: v('--cui-body-color', '#212529'),
    grid: v('--cui-border-color', '#dee2e6'),
    positive: v('--cui-success', '#1b9e3e'),
    neutral: v('--cui-secondary', '#6b7785'),
    negative: v('--cui-danger', '#e55353'),
    primary: v('--cui-primary', '#5856d6'),
    info: v('--cui-info', '#3399ff'),
    surface: v('--cui-card-bg', '') || v('--cui-body-bg', '#ffffff'),
  };
}

function useChartColours(): ChartColours {
  const [colours, setColours] = useState(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setColours(read()));
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-coreui-theme', 'class'],
    });
    return () => observer.disconnect();
  }, []);
  return colours;
}

/**
 * A key that changes with the theme's colours. @coreui/react-chartjs applies new options only
 * when the data changes too, so a chart keyed by it is drawn afresh when the theme switches.
 */
export function useThemeKey(): string {
  return Object.values(useChartColours()).join(' ');
}

/** Options every report chart shares: theme colours, the language's direction, no animation. */
export function useBaseOptions() {
  const colours = useChartColours();
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const axis = { ticks: { color: colours.text }, grid: { color: colours.grid } };
  return {
    colours,
    rtl,
    options: {
      maintainAspectRatio: false,
      animation: false as const,
      locale: i18n.language,
      plugins: {
        legend: { rtl, labels: { color: colours.text } },
        tooltip: { rtl },
      },
      scales: { x: { ...axis, reverse: rtl }, y: { ...axis, beginAtZero: true } },
    },
  };
}
