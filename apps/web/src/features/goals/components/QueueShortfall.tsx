import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQueueForecasts } from '../api/goals';
import { forecastWarning } from '../model/forecast-text';
import { appLocale } from '../../../lib/format';

/**
 * Under a waiting level of a queue: what the planet will lack when its turn comes, from the
 * server's forecast (the rules package's settling run ahead). Nothing when it will start.
 */
export function QueueShortfall({ constructionId }: { constructionId: number }) {
  const { t, i18n } = useTranslation('goals');
  const forecasts = useQueueForecasts(true);
  const forecast = forecasts.data?.find((entry) => entry.item_id === constructionId);
  const warning = forecast ? forecastWarning(forecast, t, appLocale(i18n.language)) : null;
  if (warning === null) return null;
  return (
    <Text size="xs" c="red.6" fw={600} data-testid="queue-shortfall">
      {warning}
    </Text>
  );
}
