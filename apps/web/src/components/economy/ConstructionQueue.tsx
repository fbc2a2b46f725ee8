import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Construction } from '@starhold/contract';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { systemClock, type Clock } from '../../lib/clock';
import { formatDateTime, parseServerDate } from '../../lib/format';
import { Countdown } from './Countdown';
import { MODULE_KINDS, type ModuleKind } from './module-kinds';
import { moduleTextKey } from './module-view';

interface ConstructionQueueProps {
  kind: ModuleKind;
  items: Construction[];
  max: number;
  /** Race of the player: building names differ by race. */
  raceId: number;
  clock?: Clock;
  cancellingId?: number;
  onCancel?: (constructionId: number) => void;
  /** Fired with the item id when its countdown reaches zero. */
  onFinish: (constructionId: number) => void;
}

/** One construction queue: title, count/max, each item's state, and cancel where the kind allows it. */
export function ConstructionQueue({
  kind,
  items,
  max,
  raceId,
  clock = systemClock,
  cancellingId,
  onCancel,
  onFinish,
}: ConstructionQueueProps) {
  const { t, i18n } = useTranslation('economy');
  const info = MODULE_KINDS[kind];
  const locale = i18n.language.startsWith('en') ? 'en-GB' : 'fr-FR';
  return (
    <Card withBorder radius="md" padding="md" aria-label={t(`queue.title.${kind}`)} component="section">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={700} size="sm">
          {t(`queue.title.${kind}`)}
        </Text>
        <Badge variant="light" color="gray" title={t('queue.max', { max })}>
          {t('queue.count', { count: items.length, max })}
        </Badge>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('queue.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((item) => {
            const name = t(`${moduleTextKey(kind, item.module_id, raceId)}.name`);
            const finishAt = item.scheduled_at ? parseServerDate(item.scheduled_at).getTime() : undefined;
            const target = info.units
              ? t('queue.quantity', { count: item.scheduled_value, delivered: item.delivered ?? 0 })
              : t('queue.level', { level: item.scheduled_value });
            return (
              <Group
                key={item.id}
                justify="space-between"
                wrap="nowrap"
                align="flex-start"
                data-testid="queue-item"
              >
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="nowrap">
                    <Badge
                      size="xs"
                      color={item.state === 2 ? undefined : 'yellow'}
                      variant={item.state === 2 ? 'filled' : 'light'}
                    >
                      {t(`queue.state.${item.state}`)}
                    </Badge>
                    <Text size="sm" fw={600} truncate>
                      {name}
                    </Text>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {target}
                  </Text>
                  {item.state === 1 && (
                    <Text size="xs" c="yellow.5">
                      {t('queue.waiting')}
                    </Text>
                  )}
                  {item.state === 2 && finishAt !== undefined && (
                    <Text size="xs">
                      <Countdown
                        target={finishAt}
                        clock={clock}
                        onFinish={() => onFinish(item.id)}
                        size="xs"
                        fw={700}
                      />
                      <Text span size="xs" c="dimmed">
                        {' · '}
                        {t('queue.finishAt', { date: formatDateTime(finishAt, { locale }) })}
                      </Text>
                    </Text>
                  )}
                </Stack>
                {info.cancel && onCancel && (
                  <Tooltip label={t('queue.cancel')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('queue.cancelItem', { name })}
                      loading={cancellingId === item.id}
                      onClick={() => onCancel(item.id)}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
