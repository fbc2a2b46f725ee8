import { Card, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { PlanetResource } from '@starhold/contract';
import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Title,
  Tooltip,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import {
  CHART_HEIGHT,
  chartColor,
  MOBILE_MIN_WIDTH,
  predictionChartOptions,
  predictionLabels,
  predictValues,
} from '../model/prediction';
import classes from './dashboard.module.css';
import { MOBILE_QUERY } from '../../../lib/breakpoints';
import { appLocale } from '../../../lib/format';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Title, Tooltip, Legend, Filler);

/** The 24-hour prediction of every resource of the focus planet. */
export function PredictionChart({ resources, title }: { resources: PlanetResource[]; title?: string }) {
  const { t, i18n } = useTranslation('economy');
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  if (resources.length === 0) {
    return (
      <Card withBorder radius="md">
        <Text c="dimmed" ta="center" py="xl">
          {t('chart.empty')}
        </Text>
      </Card>
    );
  }
  const data = {
    labels: predictionLabels(t('chart.now')),
    datasets: resources.map((entry, index) => ({
      label: t(`common:resources.names.${entry.resource.id}`, { defaultValue: entry.resource.name }),
      data: predictValues(entry.value, entry.production_per_hour, entry.max),
      borderColor: chartColor(index),
      backgroundColor: `${chartColor(index)}33`,
      pointRadius: mobile ? 0 : 2,
      tension: 0.25,
      fill: false,
    })),
  };
  const options = predictionChartOptions(
    mobile,
    { title: title ?? t('chart.title'), xAxis: t('chart.xAxis'), yAxis: t('chart.yAxis') },
    appLocale(i18n.language),
  );
  const height = mobile ? CHART_HEIGHT.mobile : CHART_HEIGHT.desktop;
  return (
    <Card withBorder radius="md" padding="sm">
      {/* Scrolls sideways on phones: focusable and named, so the keyboard can scroll it (axe). */}
      <div
        className={classes.chartScroll}
        data-testid="chart-scroll"
        tabIndex={0}
        role="region"
        aria-label={title ?? t('chart.title')}
      >
        <div
          style={{ height, minWidth: mobile ? MOBILE_MIN_WIDTH : undefined, position: 'relative' }}
          data-testid="chart-box"
        >
          <Line data={data} options={options} aria-label={title ?? t('chart.title')} role="img" />
        </div>
      </div>
    </Card>
  );
}
