import { Group, HoverCard, Progress, Text, UnstyledButton } from '@mantine/core';
import { IconBolt, IconDiamond, IconFlame } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlanetResource } from '../api/planets';
import { abbreviateNumber } from '../lib/format';
import classes from './ResourceStrip.module.css';

const ICONS: Record<number, typeof IconBolt> = { 1: IconBolt, 2: IconDiamond, 3: IconFlame };

function percent(value: number, max: number): number {
  if (max <= 0) return 0;
  return Math.min(100, Math.max(0, (value / max) * 100));
}

/** The top resource strip: one gauge per resource of the focus planet; nothing until data exists. */
export function ResourceStrip({ resources }: { resources: PlanetResource[] | undefined }) {
  const { t } = useTranslation();
  if (!resources || resources.length === 0) return null;
  return (
    <Group gap="xs" wrap="nowrap" className={classes.strip} aria-label={t('resources.label')}>
      {resources.map((entry) => {
        const Icon = ICONS[entry.resource.id] ?? IconBolt;
        const name = t(`resources.names.${entry.resource.id}`, { defaultValue: entry.resource.name });
        const filled = percent(entry.value, entry.max);
        return (
          <HoverCard key={entry.resource.id} width={220} shadow="md" openDelay={100}>
            <HoverCard.Target>
              <UnstyledButton className={classes.gauge} data-resource={entry.resource.id} aria-label={name}>
                <Icon size={16} className={classes.icon} />
                <div className={classes.values}>
                  <Text size="xs" fw={700} ff="monospace" c={filled >= 100 ? 'red.4' : undefined}>
                    {abbreviateNumber(entry.value)}
                    <Text span size="xs" c="dimmed" ff="monospace">
                      {' / '}
                      {abbreviateNumber(entry.max)}
                    </Text>
                  </Text>
                  <Progress value={filled} size={3} radius="xl" />
                </div>
              </UnstyledButton>
            </HoverCard.Target>
            <HoverCard.Dropdown>
              <Text fw={700} size="sm">
                {name}
              </Text>
              <Text size="sm">{t('resources.stock', { value: Math.floor(entry.value).toLocaleString(), max: entry.max.toLocaleString() })}</Text>
              <Text size="sm" c="dimmed">
                {t('resources.perHour', { value: abbreviateNumber(entry.production_per_hour) })}
              </Text>
              <Progress value={filled} mt="xs" />
            </HoverCard.Dropdown>
          </HoverCard>
        );
      })}
    </Group>
  );
}
