import {
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
} from '@mantine/core';
import { IconFlag, IconRocket, IconRoute, IconX } from '@tabler/icons-react';
import { ROUTE_PREFERENCES, type RoutePreference } from '@starhold/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchableSelect } from '../../../components/SearchableSelect';
import type { RouteRequest, SystemSummary } from '../api/find-route';
import type { SystemListItem } from '../api/get-systems';
import { jumpCount } from '../model/route-drawing';
import { securityColor } from '../model/security';
import { SecurityBadge } from './SecurityBadge';

/** Options rendered at once in a select: the rest is reached by typing, which keeps 1,000 systems fast. */
const OPTION_LIMIT = 50;

export interface RouteFinderProps {
  systems: readonly SystemListItem[];
  route: readonly SystemSummary[] | undefined;
  searching: boolean;
  failed: boolean;
  onFind: (request: RouteRequest) => void;
  onClear: () => void;
}

const byName = new Intl.Collator();

export function RouteFinder({ systems, route, searching, failed, onFind, onClear }: RouteFinderProps) {
  const { t } = useTranslation('systems');
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [prefer, setPrefer] = useState<RoutePreference>('shortest');
  const options = useMemo(
    () =>
      // A collator compares 10,000 names many times faster than localeCompare one pair at a time.
      [...systems]
        .sort((a, b) => byName.compare(a.name, b.name))
        .map((system) => ({ value: String(system.id), label: system.name })),
    [systems],
  );
  const canFind = from !== null && to !== null && !searching;

  const clear = () => {
    setFrom(null);
    setTo(null);
    onClear();
  };

  return (
    <Stack gap="sm">
      <SearchableSelect
        label={t('route.from')}
        placeholder={t('route.pick')}
        data={options}
        value={from}
        onChange={setFrom}
        clearable
        limit={OPTION_LIMIT}
        leftSection={<IconRocket size={16} />}
        comboboxProps={{ withinPortal: true }}
      />
      <SearchableSelect
        label={t('route.to')}
        placeholder={t('route.pick')}
        data={options}
        value={to}
        onChange={setTo}
        clearable
        limit={OPTION_LIMIT}
        leftSection={<IconFlag size={16} />}
        comboboxProps={{ withinPortal: true }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('route.preference')}
        </Text>
        <SegmentedControl
          fullWidth
          size="xs"
          value={prefer}
          onChange={(value) => setPrefer(value)}
          data={ROUTE_PREFERENCES.map((value) => ({ value, label: t(`route.prefer.${value}`) }))}
          aria-label={t('route.preference')}
        />
      </Stack>
      <Group grow gap="xs">
        <Button
          leftSection={<IconRoute size={16} />}
          disabled={!canFind}
          loading={searching}
          onClick={() => {
            if (from !== null && to !== null) onFind({ from: Number(from), to: Number(to), prefer });
          }}
        >
          {t('route.find')}
        </Button>
        <Button variant="default" leftSection={<IconX size={16} />} onClick={clear}>
          {t('route.clear')}
        </Button>
      </Group>
      {failed ? (
        <Text size="sm" c="dimmed" data-testid="route-not-found">
          {t('route.notFound')}
        </Text>
      ) : null}
      {route ? <RouteSteps route={route} /> : null}
    </Stack>
  );
}

function RouteSteps({ route }: { route: readonly SystemSummary[] }) {
  const { t } = useTranslation('systems');
  const jumps = jumpCount(route);
  const last = route.length - 1;
  return (
    <Stack gap="xs" data-testid="route-result">
      <Group gap="xs">
        <Badge color="yellow" variant="light" size="lg" data-testid="route-jumps">
          {t('route.jumps', { count: jumps })}
        </Badge>
      </Group>
      <Timeline bulletSize={18} lineWidth={2} active={last} color="yellow">
        {route.map((hop, index) => (
          <Timeline.Item
            key={`${index}-${hop.id}`}
            bullet={
              <ThemeIcon
                size={18}
                radius="xl"
                color={index === 0 ? 'green' : index === last ? 'red' : securityColor(hop.security.name)}
              >
                {index === 0 ? <IconRocket size={11} /> : index === last ? <IconFlag size={11} /> : null}
              </ThemeIcon>
            }
            title={
              <Group gap={6} wrap="nowrap" justify="space-between">
                <Anchor component={Link} to={`/systems/${hop.id}`} size="sm" fw={600} truncate>
                  {hop.name}
                </Anchor>
                <SecurityBadge name={hop.security.name} size="xs" />
              </Group>
            }
            data-testid="route-hop"
          />
        ))}
      </Timeline>
    </Stack>
  );
}
