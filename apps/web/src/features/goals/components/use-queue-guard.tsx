import { Button, Group, Stack, Text } from '@mantine/core';
import type { QueueForecast } from '@starhold/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { fetchQueueingForecast } from '../api/goals';
import { forecastWarning } from '../model/forecast-text';
import { appLocale } from '../../../lib/format';

interface Pending {
  forecast: QueueForecast;
  name: string;
  proceed: () => void;
}

export interface QueueGuard {
  /**
   * Queues through `proceed`, after asking the server's forecast when the queue already holds
   * items: a level that will not be payable at its turn opens a confirmation saying so.
   */
  check(
    request: { typeId: 1 | 2 | 5; moduleId: number; name: string; queued: number },
    proceed: () => void,
  ): void;
  /** The confirmation, to render once in the screen. */
  modal: ReactNode;
  checking: boolean;
}

export function useQueueGuard(): QueueGuard {
  const { t, i18n } = useTranslation('goals');
  const [pending, setPending] = useState<Pending | null>(null);
  const [checking, setChecking] = useState(false);
  const locale = appLocale(i18n.language);

  const check: QueueGuard['check'] = ({ typeId, moduleId, name, queued }, proceed) => {
    // On an empty queue the item starts now or is refused now: nothing to forecast.
    if (queued === 0) {
      proceed();
      return;
    }
    setChecking(true);
    fetchQueueingForecast({ type_id: typeId, module_id: moduleId })
      .then((forecast) => {
        if (forecast.drop_reason === null) proceed();
        else setPending({ forecast, name, proceed });
      })
      // No forecast (a refusal, the network): queuing says what is wrong itself.
      .catch(() => proceed())
      .finally(() => setChecking(false));
  };

  const close = () => setPending(null);
  const modal = (
    <AppModal opened={pending !== null} onClose={close} title={t('forecast.confirmTitle')} centered>
      {pending && (
        <Stack gap="md" data-testid="queue-warning">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconAlertTriangle size={20} color="var(--mantine-color-yellow-6)" style={{ flexShrink: 0 }} />
            <Text size="sm">
              {t('forecast.confirmIntro', { name: pending.name, level: pending.forecast.target_level })}
            </Text>
          </Group>
          <Text size="sm" fw={600} c="red.6">
            {forecastWarning(pending.forecast, t, locale)}
          </Text>
          {/* The spec's order for confirmations: confirm stands left of cancel. */}
          <Group justify="flex-end" gap="sm">
            <Button
              color="yellow"
              onClick={() => {
                pending.proceed();
                close();
              }}
            >
              {t('forecast.confirm')}
            </Button>
            <Button variant="default" onClick={close}>
              {t('forecast.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
  return { check, modal, checking };
}
