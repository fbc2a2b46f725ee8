import { Badge, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { placeName, useSystemsById } from '../../../api/systems';
import { systemClock, type Clock } from '../../../lib/clock';
import { MOBILE_QUERY } from '../../../lib/breakpoints';
import { formatDuration } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useFleetList } from '../api/fleets';

/** The header's warning: hostile fleets on their way, with the time to the nearest arrival. */
export function HostileFleetsBadge({ clock = systemClock }: { clock?: Clock }) {
  const { t } = useTranslation('fleets');
  const query = useFleetList();
  const now = useNow(clock, 1000);
  // A phone's header has room for the icon only; the tooltip and the label say the rest.
  const compact = useMediaQuery(MOBILE_QUERY) ?? false;
  const coming = (query.data?.hostile ?? [])
    .map((fleet) => ({ fleet, arrival: Date.parse(fleet.arrives_at) }))
    .filter(({ arrival }) => arrival > now)
    .sort((a, b) => a.arrival - b.arrival);
  // The systems list (cached, shared with the map) is asked for only once a hostile fleet is coming.
  const systems = useSystemsById(coming.length > 0);
  const nearest = coming[0];
  if (nearest === undefined) return null;
  const time = formatDuration(Math.ceil((nearest.arrival - now) / 1000));
  const place = placeName(t, systems.data, nearest.fleet.target.system_id, nearest.fleet.target.orbit);
  const label = t('header.hostile', { count: coming.length, time, place });
  return (
    <Tooltip label={label}>
      <Badge
        component={Link}
        to="/fleets"
        color="red"
        variant="filled"
        size="lg"
        tt="none"
        circle={compact}
        leftSection={compact ? undefined : <IconAlertTriangle size={14} />}
        aria-label={label}
        style={{ cursor: 'pointer' }}
        data-testid="hostile-fleets-badge"
      >
        {compact ? <IconAlertTriangle size={14} style={{ display: 'block' }} /> : time}
      </Badge>
    </Tooltip>
  );
}
