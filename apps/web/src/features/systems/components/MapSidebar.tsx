import {
  Anchor,
  CloseButton,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SystemListItem } from '../api/get-systems';
import { SECURITY_COLOR, SECURITY_TONES } from '../model/security';
import classes from './systems-map.module.css';
import { RouteFinder, type RouteFinderProps } from './RouteFinder';
import { appLocale, formatInteger } from '../../../lib/format';
import { securityToneName } from '../../../lib/names';
import { SecurityHelp } from './SecurityHelp';

/** Matches listed as links under the search box; the map highlights all of them. */
const LISTED_MATCHES = 6;

interface MapSidebarProps {
  systems: readonly SystemListItem[];
  gateCount: number;
  search: string;
  onSearchChange: (value: string) => void;
  /** The query the matches were computed for, after the debounce. */
  searchedFor: string;
  matches: readonly SystemListItem[];
  routeFinder: Omit<RouteFinderProps, 'systems'>;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper p="md" withBorder>
      <Title order={5} mb="sm" tt="uppercase" c="dimmed" fz="xs" lts={1}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function MapSidebar({
  systems,
  gateCount,
  search,
  onSearchChange,
  searchedFor,
  matches,
  routeFinder,
}: MapSidebarProps) {
  const { t } = useTranslation('systems');
  return (
    <Stack gap="md">
      <Paper p="md" withBorder>
        <TextInput
          label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={search}
          onChange={(event) => onSearchChange(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          rightSection={
            search ? (
              <CloseButton size="sm" aria-label={t('route.clear')} onClick={() => onSearchChange('')} />
            ) : null
          }
          data-testid="systems-search"
        />
        {searchedFor.trim() !== '' ? (
          <Stack gap={4} mt="xs" data-testid="search-results">
            <Text size="xs" c="dimmed">
              {matches.length > 0 ? t('search.results', { count: matches.length }) : t('search.none')}
            </Text>
            {matches.slice(0, LISTED_MATCHES).map((system) => (
              <Anchor key={system.id} component={Link} to={`/systems/${system.id}`} size="sm">
                {system.name}
              </Anchor>
            ))}
            {matches.length > LISTED_MATCHES ? (
              <Text size="xs" c="dimmed">
                {t('search.more', { count: matches.length - LISTED_MATCHES })}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Paper>

      <Section title={t('stats.title')}>
        <SimpleGrid cols={2} spacing="sm">
          <Stat label={t('stats.systems')} value={systems.length} testId="stat-systems" />
          <Stat label={t('stats.connections')} value={gateCount} testId="stat-connections" />
        </SimpleGrid>
      </Section>

      <Section title={t('legend.title')}>
        <Stack gap={6}>
          {SECURITY_TONES.map((tone) => (
            <Group key={tone} gap="xs" wrap="nowrap">
              <span
                className={classes.swatch}
                style={{ background: `var(--mantine-color-${SECURITY_COLOR[tone]}-6)` }}
              />
              <Text size="sm">{securityToneName(t, tone)}</Text>
              <SecurityHelp name={tone} />
            </Group>
          ))}
          <Divider my={4} />
          <Group gap="xs" wrap="nowrap">
            <span className={classes.swatchOwn} />
            <Text size="sm">{t('legend.own')}</Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <span className={classes.swatchRoute} />
            <Text size="sm">{t('legend.route')}</Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <span className={classes.swatchFleet} />
            <Text size="sm">{t('legend.fleet')}</Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <span className={classes.swatchHostile} />
            <Text size="sm">{t('legend.hostile')}</Text>
          </Group>
        </Stack>
      </Section>

      <Section title={t('route.title')}>
        <RouteFinder systems={systems} {...routeFinder} />
      </Section>
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <Stack gap={0}>
      <Text fz={26} fw={700} ff="heading" lh={1.1} data-testid={testId}>
        {formatInteger(value, appLocale(i18n.language))}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}
