import type { ChartOptions } from 'chart.js';

export const PREDICTION_HOURS = 24;

/** The eight line colours, cycled when there are more resources than colours. */
export const CHART_COLORS = [
  '#4dabf7',
  '#b197fc',
  '#ffa94d',
  '#69db7c',
  '#ff8787',
  '#ffd43b',
  '#3bc9db',
  '#f783ac',
] as const;

export function chartColor(index: number): string {
  return CHART_COLORS[index % CHART_COLORS.length] ?? CHART_COLORS[0];
}

/** 'Maintenant', '+1h' .. '+24h': 25 points. */
export function predictionLabels(now: string): string[] {
  return Array.from({ length: PREDICTION_HOURS + 1 }, (_, hour) => (hour === 0 ? now : `+${hour}h`));
}

/**
 * A resource hour by hour: current + production per hour times the hour, capped at the hangar
 * capacity; a stock already above the capacity stays where it is.
 */
export function predictValues(current: number, perHour: number, capacity: number): number[] {
  return Array.from({ length: PREDICTION_HOURS + 1 }, (_, hour) =>
    current >= capacity ? current : Math.min(capacity, current + Math.max(0, perHour) * hour),
  );
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A tick's number in the app's language (never the browser's): 12 345 (fr-FR), 12,345 (en-GB);
 * one decimal at most. Built once per locale (an Intl formatter is costly to build).
 */
export function axisNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/** Axis labels: 1,000 and more as K, 1,000,000 and more as M, the decimal mark of `locale`. */
export function abbreviateAxis(value: number, locale: string): string {
  const magnitude = Math.abs(value);
  if (magnitude >= 1_000_000) return `${axisNumber(value / 1_000_000, locale)}M`;
  if (magnitude >= 1_000) return `${axisNumber(value / 1_000, locale)}K`;
  return axisNumber(Math.round(value), locale);
}

export const CHART_HEIGHT = { mobile: 300, desktop: 400 } as const;
export const MOBILE_MIN_WIDTH = 600;
export const X_TICKS = { mobile: 8, desktop: 12 } as const;

export interface ChartTexts {
  title: string;
  xAxis: string;
  yAxis: string;
}

/**
 * Chart.js options of the prediction chart for a phone or a wider screen. `locale` is the app's
 * language (appLocale): the y ticks and Chart.js's own numbers (tooltips) follow it, not the
 * browser's locale.
 */
export function predictionChartOptions(
  mobile: boolean,
  texts: ChartTexts,
  locale: string,
  textColor = '#c1c2c5',
  gridColor = 'rgba(255,255,255,0.08)',
): ChartOptions<'line'> {
  return {
    locale,
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    interaction: { mode: 'index', intersect: false },
    plugins: {
      title: {
        display: true,
        text: texts.title,
        color: textColor,
        font: { size: mobile ? 14 : 16, weight: 'bold' },
      },
      legend: { labels: { color: textColor, boxWidth: 12 } },
    },
    scales: {
      x: {
        title: { display: true, text: texts.xAxis, color: textColor },
        ticks: { maxTicksLimit: mobile ? X_TICKS.mobile : X_TICKS.desktop, color: textColor, autoSkip: true },
        grid: { color: gridColor },
      },
      y: {
        title: { display: true, text: texts.yAxis, color: textColor },
        beginAtZero: true,
        ticks: {
          color: textColor,
          callback: (value) =>
            mobile ? abbreviateAxis(Number(value), locale) : axisNumber(Number(value), locale),
        },
        grid: { color: gridColor },
      },
    },
  };
}
