import {
  ActionIcon,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowUp, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BlockedReason } from './blocked-reason';
import { BlockedReasonText } from './BlockedReasonText';
import { ModuleImage } from './ModuleImage';
import { MODULE_KINDS, type ModuleKind } from './module-kinds';
import { moduleTextKey, type ModuleView } from './module-view';
import classes from './economy.module.css';

interface ModuleGridProps {
  kind: ModuleKind;
  items: ModuleView[];
  selectedId: number | undefined;
  busy: boolean;
  /**
   * Why each item cannot be started now (null: it can), recomputed as the stocks grow. Without
   * it, the server's `can_be_improved` alone decides and no reason shows.
   */
  reasons?: ReadonlyMap<number, BlockedReason | null>;
  /** The player's race, for building names in the reasons. */
  raceId?: number;
  onSelect: (id: number) => void;
  onQuickUpgrade: (item: ModuleView) => void;
}

/** Letters beyond which a word of a card's name no longer fits a 1280 px card at the normal size. */
const LONG_WORD = 14;

/** Level text: 'niveau N' or 'niveau N (+P)' when levels are queued. */
export function useAmountText(kind: ModuleKind) {
  const { t } = useTranslation('economy');
  return (item: Pick<ModuleView, 'amount' | 'pending'>) => {
    if (MODULE_KINDS[kind].units) return t('item.owned', { count: item.amount });
    return item.pending > 0
      ? t('item.levelPending', { level: item.amount, pending: item.pending })
      : t('item.level', { level: item.amount });
  };
}

/** The grid of a module screen; a card opens the detail, its quick button starts one level or opens the quantity modal. */
export function ModuleGrid({
  kind,
  items,
  selectedId,
  busy,
  reasons,
  raceId = 1,
  onSelect,
  onQuickUpgrade,
}: ModuleGridProps) {
  const { t } = useTranslation('economy');
  const info = MODULE_KINDS[kind];
  const amountText = useAmountText(kind);
  return (
    // Columns follow the grid's own width, not the window's: at 1280 px the sidebars and the queue
    // leave the grid about 500 px, where four columns cut the cards' badges.
    <SimpleGrid type="container" cols={{ base: 2, '480px': 3, '680px': 4, '860px': 5 }} spacing="sm">
      {items.map((item) => {
        const name = t(`${moduleTextKey(kind, item.id, item.raceId)}.name`);
        const reason = reasons ? (reasons.get(item.id) ?? null) : undefined;
        const allowed = reason === undefined ? item.canBeImproved : reason === null;
        const actionLabel = info.units ? t('actions.order') : t('actions.develop');
        return (
          <Card
            key={item.id}
            withBorder
            radius="md"
            padding="xs"
            className={classes.moduleCard}
            data-selected={item.id === selectedId || undefined}
            data-testid={`module-${item.id}`}
          >
            <UnstyledButton onClick={() => onSelect(item.id)} className={classes.cardButton}>
              <Stack gap={6} align="center">
                <ModuleImage folder={info.imageFolder} id={item.id} raceId={item.raceId} size="md" alt="" />
                <Text
                  // A word too long for a card at 1280 px ("électromagnétiques") takes a smaller size
                  // rather than breaking mid-word.
                  size={name.split(/\s+/).some((word) => word.length > LONG_WORD) ? 'xs' : 'sm'}
                  fw={700}
                  ta="center"
                  lh={1.2}
                  className={classes.cardName}
                >
                  {name}
                </Text>
                <Text size="xs" c="dimmed" data-testid="module-amount">
                  {amountText(item)}
                </Text>
              </Stack>
            </UnstyledButton>
            {reason && (
              <div className={classes.cardReason}>
                <BlockedReasonText reason={reason} raceId={raceId} />
              </div>
            )}
            <Group justify="space-between" mt={6} gap={4} wrap="nowrap">
              {item.pending > 0 ? (
                <Badge size="xs" variant="light" data-testid="module-pending" className={classes.wholeBadge}>
                  {t('item.inProgress', { count: item.pending })}
                </Badge>
              ) : (
                <span />
              )}
              {(allowed || reason) && (
                <Tooltip label={actionLabel}>
                  <ActionIcon
                    size="sm"
                    variant="filled"
                    aria-label={`${actionLabel} ${name}`}
                    disabled={busy || !allowed}
                    onClick={() => onQuickUpgrade(item)}
                  >
                    {info.units ? <IconPlus size={14} /> : <IconArrowUp size={14} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
