import { ActionIcon, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconPlanet, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SystemListItem } from '../api/get-systems';
import { SecurityBadge } from './SecurityBadge';
import { SecurityHelp } from './SecurityHelp';
import classes from './systems-map.module.css';

const OFFSET = 14;
const ESTIMATED_WIDTH = 240;
const ESTIMATED_HEIGHT = 150;

interface SystemTooltipProps {
  system: SystemListItem;
  /** Pointer position inside the map. */
  x: number;
  y: number;
  containerWidth: number;
  containerHeight: number;
  /** Shown by a tap: it stays until closed and carries the link to the system. */
  pinned: boolean;
  onOpen: () => void;
  onClose: () => void;
}

export function SystemTooltip({
  system,
  x,
  y,
  containerWidth,
  containerHeight,
  pinned,
  onOpen,
  onClose,
}: SystemTooltipProps) {
  const { t } = useTranslation('systems');
  // Flip to the other side of the pointer near the right and bottom edges, so it stays readable.
  const left =
    x + OFFSET + ESTIMATED_WIDTH > containerWidth ? Math.max(x - OFFSET - ESTIMATED_WIDTH, 4) : x + OFFSET;
  const top =
    y + OFFSET + ESTIMATED_HEIGHT > containerHeight ? Math.max(y - OFFSET - ESTIMATED_HEIGHT, 4) : y + OFFSET;
  return (
    <Paper
      className={classes.tooltip}
      style={{ left, top }}
      data-pinned={pinned}
      shadow="lg"
      p="sm"
      withBorder
      role="tooltip"
      data-testid="system-tooltip"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={700} size="md" truncate>
            {system.name}
          </Text>
          {pinned ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('tooltip.close')}
              onClick={onClose}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null}
        </Group>
        <Group gap="xs">
          <SecurityBadge name={system.security.name} size="sm" />
          <SecurityHelp name={system.security.name} />
          <Text size="xs" c="dimmed">
            {t('tooltip.gates', { count: system.connections.length })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t('tooltip.position', { x: Math.round(system.position.x), y: Math.round(system.position.y) })}
        </Text>
        {system.has_own_planet ? (
          <Group gap={4} c="var(--mantine-primary-color-4)">
            <IconPlanet size={14} />
            <Text size="xs">{t('tooltip.own')}</Text>
          </Group>
        ) : null}
        {pinned ? (
          <Button size="xs" mt={4} rightSection={<IconArrowRight size={14} />} onClick={onOpen}>
            {t('tooltip.open')}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
