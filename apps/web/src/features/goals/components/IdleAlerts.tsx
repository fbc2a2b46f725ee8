import { Menu, Text } from '@mantine/core';
import type { IdleAlert } from '@starhold/contract';
import { IconAlertTriangle, IconBuildingFactory2, IconFlask } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDuration, parseServerDate } from '../../../lib/format';
import { systemClock, type Clock } from '../../../lib/clock';
import { useNow } from '../../../lib/use-now';
import { useIdleAlertsQuery } from '../api/goals';

/**
 * Reads the bell's idle alerts every minute and hands them to the header, which loads this after
 * its first frame (decision 128): the goals feature stays out of the first screen's bundle.
 */
export function IdleAlertsWatcher({ onChange }: { onChange: (alerts: IdleAlert[]) => void }) {
  const alerts = useIdleAlertsQuery(true).data;
  useEffect(() => {
    onChange(alerts ?? []);
  }, [alerts, onChange]);
  return null;
}

const HANGAR = 4;

function alertLink(alert: IdleAlert): string {
  switch (alert.kind) {
    case 'storage_full':
      return `/planet/buildings?id=${HANGAR}`;
    case 'queue_empty':
      return '/planet/factories';
    case 'research_idle':
      return '/account/research';
  }
}

function AlertText({ alert, now }: { alert: IdleAlert; now: number }) {
  const { t } = useTranslation('goals');
  let text: string;
  if (alert.kind === 'storage_full') {
    const resource = t(`common:resources.names.${alert.resource_id}`);
    const seconds = (parseServerDate(alert.full_at).getTime() - now) / 1000;
    text =
      seconds < 1
        ? t('alerts.storageFullNow', { resource, planet: alert.planet_name })
        : t('alerts.storageFullSoon', {
            resource,
            planet: alert.planet_name,
            duration: formatDuration(seconds),
          });
  } else if (alert.kind === 'queue_empty') text = t('alerts.queueEmpty', { planet: alert.planet_name });
  else text = t('alerts.researchIdle');
  return (
    <Text size="sm" lineClamp={2}>
      {text}
    </Text>
  );
}

/** The alerts as items of the bell's menu; nothing when there are none. */
export function IdleAlertsMenuItems({ alerts, clock = systemClock }: { alerts: IdleAlert[]; clock?: Clock }) {
  const { t } = useTranslation('goals');
  const now = useNow(clock, 30_000);
  if (alerts.length === 0) return null;
  return (
    <>
      <Menu.Label>{t('alerts.title')}</Menu.Label>
      {alerts.map((alert, index) => (
        <Menu.Item
          key={`${alert.kind}-${'planet_id' in alert ? alert.planet_id : 0}-${index}`}
          component={Link}
          to={alertLink(alert)}
          data-testid="idle-alert"
          leftSection={
            alert.kind === 'storage_full' ? (
              <IconAlertTriangle size={16} color="var(--mantine-color-yellow-6)" />
            ) : alert.kind === 'queue_empty' ? (
              <IconBuildingFactory2 size={16} />
            ) : (
              <IconFlask size={16} />
            )
          }
        >
          <AlertText alert={alert} now={now} />
        </Menu.Item>
      ))}
      <Menu.Divider />
    </>
  );
}
