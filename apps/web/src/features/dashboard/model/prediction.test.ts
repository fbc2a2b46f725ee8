import { describe, expect, it } from 'vitest';
import {
  abbreviateAxis,
  CHART_COLORS,
  chartColor,
  predictionChartOptions,
  predictionLabels,
  predictValues,
  X_TICKS,
} from './prediction';

const texts = { title: 'Prédiction des ressources sur 24h', xAxis: 'Temps', yAxis: 'Quantité' };

describe('prediction chart model', () => {
  it("labels 25 points from 'Maintenant' to '+24h'", () => {
    const labels = predictionLabels('Maintenant');
    expect(labels).toHaveLength(25);
    expect(labels[0]).toBe('Maintenant');
    expect(labels[1]).toBe('+1h');
    expect(labels[24]).toBe('+24h');
  });

  it('rises by production per hour each hour and stops at the hangar capacity', () => {
    const values = predictValues(100, 50, 300);
    expect(values.slice(0, 6)).toEqual([100, 150, 200, 250, 300, 300]);
    expect(values[24]).toBe(300);
  });

  it('keeps a stock above the capacity flat', () => {
    expect(new Set(predictValues(500, 50, 300))).toEqual(new Set([500]));
  });

  it('cycles through eight colours', () => {
    expect(CHART_COLORS).toHaveLength(8);
    expect(chartColor(8)).toBe(chartColor(0));
    expect(chartColor(9)).toBe(chartColor(1));
  });

  it('abbreviates axis labels from 1,000 as K and from 1,000,000 as M', () => {
    expect(abbreviateAxis(999, 'en-GB')).toBe('999');
    expect(abbreviateAxis(1000, 'en-GB')).toBe('1K');
    expect(abbreviateAxis(15_500, 'en-GB')).toBe('15.5K');
    expect(abbreviateAxis(2_000_000, 'en-GB')).toBe('2M');
  });

  it("writes the abbreviations' decimal mark in the app's language", () => {
    expect(abbreviateAxis(15_500, 'fr-FR')).toBe('15,5K');
    expect(abbreviateAxis(2_500_000, 'fr-FR')).toBe('2,5M');
  });

  it('limits x ticks to 8 on a phone and 12 on a desktop, with the titles of the spec', () => {
    const mobile = predictionChartOptions(true, texts, 'fr-FR');
    const desktop = predictionChartOptions(false, texts, 'fr-FR');
    expect(mobile.scales?.x?.ticks?.maxTicksLimit).toBe(X_TICKS.mobile);
    expect(X_TICKS).toEqual({ mobile: 8, desktop: 12 });
    expect(desktop.scales?.x?.ticks?.maxTicksLimit).toBe(12);
    expect(mobile.plugins?.title?.text).toBe('Prédiction des ressources sur 24h');
    expect(mobile.maintainAspectRatio).toBe(false);
  });

  it('abbreviates y labels on a phone only', () => {
    const tick = (mobile: boolean, locale = 'en-GB') => {
      const callback = predictionChartOptions(mobile, texts, locale).scales?.y?.ticks?.callback;
      if (typeof callback !== 'function') throw new Error('no y tick callback');
      return callback.call({} as never, 25_000, 0, []);
    };
    expect(tick(true)).toBe('25K');
    expect(tick(false)).toBe('25,000');
  });

  it("writes the y labels and Chart.js's own numbers in the app's language, not the browser's", () => {
    const tick = (locale: string) => {
      const options = predictionChartOptions(false, texts, locale);
      const callback = options.scales?.y?.ticks?.callback;
      if (typeof callback !== 'function') throw new Error('no y tick callback');
      return { label: callback.call({} as never, 25_000, 0, []), locale: options.locale };
    };
    // French groups digits with a narrow no-break space, English with a comma.
    expect(tick('fr-FR')).toEqual({ label: '25\u202f000', locale: 'fr-FR' });
    expect(tick('en-GB')).toEqual({ label: '25,000', locale: 'en-GB' });
  });
});
