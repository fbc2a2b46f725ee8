import { Group, HoverCard, Progress, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBolt, IconDiamond, IconFlame } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanetResource } from '@starhold/contract';
import { useFloatingAfterPaint } from '../lib/after-paint';
import { systemClock, type Clock } from '../lib/clock';
import { abbreviateNumber, formatInteger } from '../lib/format';
import { clampPercent } from './economy/economy-format';
import { useGrowingValue } from './economy/use-growing-value';
import classes from './ResourceStrip.module.css';

const ICONS: Record<number, typeof IconBolt> = { 1: IconBolt, 2: IconDiamond, 3: IconFlame };

/** One gauge: current / maximum and production per hour, with a hover panel and a progress bar. */
export function ResourceGauge({ entry, clock = systemClock }: { entry: PlanetResource; clock?: Clock }) {
  const { t } = useTranslation();
  const value = useGrowingValue(entry.value, entry.production_per_second, entry.max, clock);
  const Icon = ICONS[entry.resource.id] ?? IconBolt;
  const name = t(`resources.names.${entry.resource.id}`, { defaultValue: entry.resource.name });
  const filled = clampPercent(value, entry.max);
  const { built, targetRef, before } = useFloatingAfterPaint<HTMLButtonElement>();
  const gauge = (
    <UnstyledButton ref={targetRef} className={classes.gauge} data-resource={entry.resource.id}>
      <VisuallyHidden>{name}</VisuallyHidden>
      <Icon size={16} className={classes.icon} />
      <div className={classes.values}>
        <Text
          size="xs"
          fw={700}
          ff="monospace"
          c={filled >= 100 ? 'red.4' : undefined}
          data-testid="gauge-value"
        >
          {abbreviateNumber(value)}
          <Text span size="xs" c="dimmed" ff="monospace">
            {' / '}
            {abbreviateNumber(entry.max)}
          </Text>
        </Text>
        <Text size="10px" c="dimmed" ff="monospace" lh={1}>
          +{abbreviateNumber(entry.production_per_hour)}/h
        </Text>
        <Progress value={filled} size={3} radius="xl" aria-label={name} />
      </div>
    </UnstyledButton>
  );
  // The hover card is built once the first frame is drawn (decision 202).
  if (!built) return before(gauge, 'dialog');
  return (
    <HoverCard width={220} shadow="md" openDelay={100}>
      <HoverCard.Target>{gauge}</HoverCard.Target>
      <HoverCard.Dropdown>
        <GaugeDetails name={name} value={value} entry={entry} filled={filled} />
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

/** The hover panel's content: its own component, so it is only built (and formatted) when shown. */
function GaugeDetails({
  name,
  value,
  entry,
  filled,
}: {
  name: string;
  value: number;
  entry: PlanetResource;
  filled: number;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Text fw={700} size="sm">
        {name}
      </Text>
      <Text size="sm">
        {t('resources.stock', {
          value: formatInteger(value, i18n.language),
          max: formatInteger(entry.max, i18n.language),
        })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('resources.perHour', { value: abbreviateNumber(entry.production_per_hour) })}
      </Text>
      <Progress value={filled} mt="xs" />
    </>
  );
}

/** The top resource strip: one gauge per factory of the focus planet; nothing until data exists. */
export function ResourceStrip({
  resources,
  clock,
}: {
  resources: PlanetResource[] | undefined;
  clock?: Clock;
}) {
  const { t } = useTranslation();
  if (!resources || resources.length === 0) return null;
  return (
    <Group gap="xs" wrap="nowrap" className={classes.strip} aria-label={t('resources.label')}>
      {resources.map((entry) => (
        <ResourceGauge key={entry.resource.id} entry={entry} clock={clock} />
      ))}
    </Group>
  );
}
