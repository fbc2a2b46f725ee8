import { ActionIcon, Card, Collapse, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ExpandableCardProps {
  header: ReactNode;
  children: ReactNode;
  defaultExpanded?: boolean;
}

/** A card whose body expands or compresses under its header. */
export function ExpandableCard({ header, children, defaultExpanded = true }: ExpandableCardProps) {
  const { t } = useTranslation();
  const [expanded, { toggle }] = useDisclosure(defaultExpanded);
  return (
    <Card>
      <Group justify="space-between" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>{header}</div>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={toggle}
          aria-expanded={expanded}
          aria-label={expanded ? t('card.collapse') : t('card.expand')}
        >
          <IconChevronDown
            size={18}
            style={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
          />
        </ActionIcon>
      </Group>
      <Collapse expanded={expanded}>
        <Card.Section inheritPadding pb="md" pt="sm">
          {children}
        </Card.Section>
      </Collapse>
    </Card>
  );
}
