import {
  Alert,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { PlayableRaceId } from '@starhold/rules';
import { IconAlertTriangle, IconShieldHalfFilled, IconSword } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { raceName } from '../../../lib/names';
import {
  defensesOf,
  fieldId,
  RESEARCH_FIELDS,
  shipsOf,
  type FieldKind,
  type FieldValue,
  type ResearchKey,
  type SideForm,
  type SideRole,
} from '../model/setup';
import { NumberField } from './NumberField';

export interface SideCardProps {
  role: SideRole;
  side: SideForm;
  errors: ReadonlyMap<string, FieldKind>;
  /** The side has no unit yet. */
  empty: boolean;
  onChange: (change: (side: SideForm) => SideForm) => void;
  /** More fields of this side (the defender's stock). */
  children?: ReactNode;
}

function UnitTable({
  title,
  units,
  values,
  sideLabel,
  error,
  onValue,
  kind,
}: {
  title: string;
  units: readonly { id: number }[];
  values: Record<number, FieldValue>;
  sideLabel: string;
  error: (id: number) => string | undefined;
  onValue: (id: number, value: FieldValue) => void;
  kind: 'ships' | 'defenses';
}) {
  const { t } = useTranslation('simulator');
  return (
    <Table verticalSpacing={4} striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{title}</Table.Th>
          <Table.Th ta="right">{t('count')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {units.map(({ id }) => {
          const name = t(`modules:${kind}.${id}.name`);
          return (
            <Table.Tr key={id}>
              <Table.Td>
                <Text size="sm">{name}</Text>
              </Table.Td>
              <Table.Td w={130}>
                <NumberField
                  size="xs"
                  aria-label={t('fieldLabel', { side: sideLabel, name })}
                  placeholder="0"
                  value={values[id]}
                  error={error(id)}
                  onValue={(value) => onValue(id, value)}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** One side of the battle: its race, unit counts and combat research levels. */
export function SideCard({ role, side, errors, empty, onChange, children }: SideCardProps) {
  const { t } = useTranslation('simulator');
  const sideLabel = t(role);
  const message = (id: string) => {
    const kind = errors.get(id);
    return kind ? t(`errors.${kind}`) : undefined;
  };
  const setUnit = (group: 'ships' | 'defenses', id: number, value: FieldValue) =>
    onChange((current) => ({ ...current, [group]: { ...current[group], [id]: value } }));
  const setResearch = (key: ResearchKey, value: FieldValue) =>
    onChange((current) => ({ ...current, research: { ...current.research, [key]: value } }));
  const Icon = role === 'attacker' ? IconSword : IconShieldHalfFilled;

  return (
    <Card withBorder padding="md" component="section" aria-label={sideLabel} data-side={role}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <ThemeIcon variant="light" color={role === 'attacker' ? 'red' : 'blue'} size="lg" radius="md">
              <Icon size={20} />
            </ThemeIcon>
            <Title order={3} size="h4">
              {sideLabel}
            </Title>
          </Group>
          <SegmentedControl
            size="xs"
            aria-label={t('fieldLabel', { side: sideLabel, name: t('race') })}
            value={String(side.race)}
            onChange={(value) =>
              onChange((current) => ({ ...current, race: Number(value) as PlayableRaceId }))
            }
            data={[1, 2].map((race) => ({ value: String(race), label: raceName(t, race) }))}
          />
        </Group>
        {/* A sentence, not a badge: it wraps on a phone instead of being cut. */}
        {empty && (
          <Alert color="orange" variant="light" py={6} icon={<IconAlertTriangle size={16} />}>
            {t('needUnit')}
          </Alert>
        )}
        <UnitTable
          title={t('ships')}
          kind="ships"
          units={shipsOf(side.race)}
          values={side.ships}
          sideLabel={sideLabel}
          error={(id) => message(fieldId.ship(role, id))}
          onValue={(id, value) => setUnit('ships', id, value)}
        />
        {role === 'defender' && (
          <UnitTable
            title={t('defenses')}
            kind="defenses"
            units={defensesOf(side.race)}
            values={side.defenses}
            sideLabel={sideLabel}
            error={(id) => message(fieldId.defense(role, id))}
            onValue={(id, value) => setUnit('defenses', id, value)}
          />
        )}
        <div>
          <Text fw={700} size="sm" mb="xs">
            {t('research')}
          </Text>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
            {RESEARCH_FIELDS.map(({ key, researchId }) => {
              const name = t(`modules:researchs.${researchId}.name`);
              return (
                <NumberField
                  key={key}
                  size="xs"
                  label={name}
                  aria-label={t('fieldLabel', { side: sideLabel, name })}
                  value={side.research[key]}
                  error={message(fieldId.research(role, key))}
                  onValue={(value) => setResearch(key, value)}
                />
              );
            })}
          </SimpleGrid>
        </div>
        {children}
      </Stack>
    </Card>
  );
}
