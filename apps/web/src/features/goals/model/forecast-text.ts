import type { QueueForecast } from '@starhold/contract';
import type { TFunction } from 'i18next';
import { formatInteger } from '../../../lib/format';

/** What the forecast warns of, or null when the item starts (or its turn is beyond the forecast). */
export function forecastWarning(forecast: QueueForecast, t: TFunction, locale: string): string | null {
  if (forecast.drop_reason === null) return null;
  if (forecast.drop_reason === 'INSUFFICIENT_RESOURCES' && forecast.shortfall !== null) {
    const { metal, crystal, fuel } = forecast.shortfall;
    const amounts = [
      [1, metal],
      [2, crystal],
      [3, fuel],
    ]
      .filter(([, value]) => (value ?? 0) > 0)
      .map(([id, value]) => `${formatInteger(value ?? 0, locale)} ${t(`common:resources.names.${id}`)}`);
    return t('goals:forecast.shortfall', { amounts: amounts.join(', ') });
  }
  return t('goals:forecast.blocked', { reason: t(`errors:${forecast.drop_reason}`) });
}
