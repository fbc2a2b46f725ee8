import { ActionIcon, Badge, Card, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { Construction } from '@starhold/contract';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueueShortfall } from '../../features/goals';
import { systemClock, type Clock } from '../../lib/clock';
import { formatDateTime, parseServerDate } from '../../lib/format';
import classes from './economy.module.css';
import { formatCountdown, queueProgress } from './economy-format';
import { MODULE_KINDS, type ModuleKind } from './module-kinds';
import { moduleTextKey } from './module-view';
import { useCountdown } from './use-countdown';

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
        <Badge variant="light" color="gray" title={t('queue.max', { max })} className={classes.wholeBadge}>
          {t('queue.count', { count: items.length, max })}
        </Badge>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('queue.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((item) => (
            <QueueItem
              key={item.id}
              kind={kind}
              item={item}
              raceId={raceId}
              clock={clock}
              locale={locale}
              cancelling={cancellingId === item.id}
              {...(info.cancel && onCancel ? { onCancel: () => onCancel(item.id) } : {})}
              onFinish={() => onFinish(item.id)}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

interface QueueItemProps {
  kind: ModuleKind;
  item: Construction;
  raceId: number;
  clock: Clock;
  locale: string;
  cancelling: boolean;
  onCancel?: () => void;
  onFinish: () => void;
}

/**
 * One item of a queue. A running item shows its countdown and progress; once the countdown
 * reaches zero it shows as finished (full bar) until the refreshed list drops it.
 */
function QueueItem({ kind, item, raceId, clock, locale, cancelling, onCancel, onFinish }: QueueItemProps) {
  const { t } = useTranslation('economy');
  const name = t(`${moduleTextKey(kind, item.module_id, raceId)}.name`);
  const running = item.state === 2;
  const finishAt = running && item.scheduled_at ? parseServerDate(item.scheduled_at).getTime() : undefined;
  const startedAt = item.started_at ? parseServerDate(item.started_at).getTime() : undefined;
  const seconds = useCountdown(finishAt, clock, onFinish);
  const finished = seconds === 0;
  const target = MODULE_KINDS[kind].units
    ? t('queue.quantity', { count: item.scheduled_value, delivered: item.delivered ?? 0 })
    : t('queue.level', { level: item.scheduled_value });
  let progress: number | undefined;
  if (finished) progress = 100;
  else if (finishAt !== undefined && startedAt !== undefined && seconds !== undefined)
    progress = queueProgress(startedAt, finishAt, finishAt - seconds * 1000);

  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="queue-item">
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        {/* The name on a line of its own, wrapped whole: beside the state badge a 1280 px queue
            column cut both ("EN C…", "Synthétiseur d…"). */}
        <Text size="sm" fw={600} lh={1.25} className={classes.wholeText}>
          {name}
        </Text>
        <Group gap={6} wrap="wrap">
          <Badge
            size="xs"
            className={classes.wholeBadge}
            color={finished ? 'green' : running ? undefined : 'yellow'}
            variant={running ? 'filled' : 'light'}
          >
            {finished ? t('queue.finished') : t(`queue.state.${item.state}`)}
          </Badge>
          <Text size="xs" c="dimmed">
            {target}
          </Text>
        </Group>
        {item.state === 1 && (
          <Text size="xs" c="yellow.5">
            {t('queue.waiting')}
          </Text>
        )}
        {item.state === 1 && !MODULE_KINDS[kind].units && <QueueShortfall constructionId={item.id} />}
        {finishAt !== undefined && seconds !== undefined && !finished && (
          <Text size="xs">
            <Text span ff="monospace" role="timer" size="xs" fw={700}>
              {formatCountdown(seconds)}
            </Text>
            <Text span size="xs" c="dimmed">
              {' · '}
              {t('queue.finishAt', { date: formatDateTime(finishAt, { locale }) })}
            </Text>
          </Text>
        )}
        {progress !== undefined && (
          <Progress
            value={progress}
            size="sm"
            color={finished ? 'green' : undefined}
            aria-label={t('queue.progress', { name })}
          />
        )}
      </Stack>
      {onCancel && (
        <Tooltip label={t('queue.cancel')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('queue.cancelItem', { name })}
            loading={cancelling}
            onClick={onCancel}
          >
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
