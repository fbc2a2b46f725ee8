import { Alert, Box, Button, SegmentedControl, Stack } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconLayoutSidebar, IconMap } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../../components/Spinner';
import { useFleetList } from '../../fleets';
import { useFindRoute } from '../api/find-route';
import { useSystems } from '../api/get-systems';
import { MOBILE_QUERY } from '../../../lib/breakpoints';
import { gateCount } from '../model/map-geometry';
import { EMPTY_ROUTE_DRAWING, routeDrawing } from '../model/route-drawing';
import { matchSystems } from '../model/search';
import type { Point } from '../model/types';
import { MapCanvas } from './MapCanvas';
import { MapSidebar } from './MapSidebar';
import classes from './systems-map.module.css';

export const SEARCH_DEBOUNCE_MS = 500;

type MobileView = 'sidebar' | 'map';

export function SystemsMapPage() {
  const { t } = useTranslation('systems');
  const navigate = useNavigate();
  const systemsQuery = useSystems();
  const findRoute = useFindRoute();
  const fleetList = useFleetList();
  const mobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [view, setView] = useState<MobileView>('map');
  const [search, setSearch] = useState('');
  const [searchedFor] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [focus, setFocus] = useState<readonly Point[]>([]);

  const systems = useMemo(() => systemsQuery.data ?? [], [systemsQuery.data]);
  const positions = useMemo(() => new Map(systems.map((system) => [system.id, system.position])), [systems]);
  const gates = useMemo(() => gateCount(systems), [systems]);
  const matches = useMemo(() => matchSystems(systems, searchedFor), [systems, searchedFor]);
  const fleets = useMemo(
    () => ({ own: fleetList.data?.own ?? [], hostile: fleetList.data?.hostile ?? [] }),
    [fleetList.data],
  );
  const route = findRoute.data;
  const drawing = useMemo(
    () => (route ? routeDrawing(route, positions) : EMPTY_ROUTE_DRAWING),
    [route, positions],
  );

  // A new set of matches moves the view onto them, adjusted while rendering rather than from an
  // effect so that the map never draws one frame with the old focus.
  const [focusedMatches, setFocusedMatches] = useState(matches);
  if (focusedMatches !== matches) {
    setFocusedMatches(matches);
    if (matches.length > 0) setFocus(matches.map((system) => system.position));
  }

  if (systemsQuery.isPending) return <Spinner centered size="lg" />;
  if (systemsQuery.isError) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t('map.loadError')}>
        <Button mt="sm" variant="light" color="red" onClick={() => void systemsQuery.refetch()}>
          {t('map.retry')}
        </Button>
      </Alert>
    );
  }

  return (
    <Stack gap="sm">
      {mobile ? (
        <SegmentedControl
          fullWidth
          value={view}
          onChange={(value) => setView(value)}
          data-testid="map-view-toggle"
          data={[
            {
              value: 'sidebar',
              label: (
                <Box component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                  <IconLayoutSidebar size={16} /> {t('map.view.sidebar')}
                </Box>
              ),
            },
            {
              value: 'map',
              label: (
                <Box component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
                  <IconMap size={16} /> {t('map.view.map')}
                </Box>
              ),
            },
          ]}
        />
      ) : null}
      <div className={classes.page} data-view={view}>
        <aside className={classes.sidebar}>
          <MapSidebar
            systems={systems}
            gateCount={gates}
            search={search}
            onSearchChange={setSearch}
            searchedFor={searchedFor}
            matches={matches}
            routeFinder={{
              route,
              searching: findRoute.isPending,
              failed: findRoute.isError,
              onFind: (request) =>
                findRoute.mutate(request, {
                  onSuccess: (found) =>
                    setFocus(
                      found.flatMap((hop) => {
                        const position = positions.get(hop.id);
                        return position ? [position] : [];
                      }),
                    ),
                }),
              onClear: () => findRoute.reset(),
            }}
          />
        </aside>
        <div className={classes.mapArea}>
          <MapCanvas
            systems={systems}
            matches={matches}
            route={drawing}
            focus={focus}
            tapToInspect={mobile}
            fleets={fleets}
            onOpen={(id) => void navigate(`/systems/${id}`)}
          />
        </div>
      </div>
    </Stack>
  );
}
