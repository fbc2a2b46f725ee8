import { Combobox, Group, Text, type ComboboxStore } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PlayerSearchHit } from '@starhold/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/me';
import { useSystemsById } from '../../api/systems';
import { api } from '../../lib/api';
import {
  moduleEntries,
  PLAYER_QUERY_MIN,
  rankMatches,
  SEARCH_GROUP_LIMIT,
  type SearchHit,
} from './header-search';

function usePlayerHits(query: string) {
  const [debounced] = useDebouncedValue(query.trim(), 250);
  return useQuery({
    queryKey: ['search', 'players', debounced.toLowerCase()],
    queryFn: ({ signal }) =>
      api.get<PlayerSearchHit[]>('/search/players', { query: { q: debounced }, signal, silent: true }),
    enabled: debounced.length >= PLAYER_QUERY_MIN,
    staleTime: 30_000,
  });
}

/** Systems (the cached list), players (GET /search/players) and modules (the catalogue) matching `query`. */
function useSearchHits(query: string): { hits: SearchHit[]; loading: boolean } {
  const { t } = useTranslation();
  const me = useMe();
  const raceId = me.data?.race.id ?? 1;
  const systems = useSystemsById(true);
  const players = usePlayerHits(query);
  const modules = useMemo(() => moduleEntries(raceId, (key) => t(key)), [raceId, t]);
  const hits: SearchHit[] = [
    ...rankMatches(
      [...(systems.data?.values() ?? [])],
      (system) => system.name,
      query,
      SEARCH_GROUP_LIMIT,
    ).map((system) => ({
      group: 'systems' as const,
      key: `s${system.id}`,
      label: system.name,
      detail: t(`names.security.${system.security.name}`),
      to: `/systems/${system.id}`,
    })),
    ...(query.trim().length >= PLAYER_QUERY_MIN ? (players.data ?? []) : []).map((player) => ({
      group: 'players' as const,
      key: `p${player.id}`,
      label: player.username,
      detail: t(`names.races.${player.race.id}`),
      to: `/accounts/${player.id}`,
    })),
    ...rankMatches(modules, (entry) => entry.name, query, SEARCH_GROUP_LIMIT).map((entry) => ({
      group: 'modules' as const,
      key: `m${entry.kind}${entry.id}`,
      label: entry.name,
      detail: t(`economy:screens.${entry.kind}`),
      to: entry.to,
    })),
  ];
  return { hits, loading: systems.isPending || players.isFetching };
}

const GROUPS = ['systems', 'players', 'modules'] as const;

/**
 * The search's dropdown, loaded once the player types (HeaderSearch): the systems' list (GET
 * /systems/map and the contract's parser for it), the catalogue of modules and the floating list
 * stay out of the first screen. Each option's value is where it leads.
 */
export default function HeaderSearchResults({
  query,
  combobox,
  onLoading,
}: {
  query: string;
  combobox: ComboboxStore;
  onLoading: (loading: boolean) => void;
}) {
  const { t } = useTranslation();
  const { hits, loading } = useSearchHits(query);
  const firstKey = hits[0]?.key;

  useEffect(() => {
    // The first result is highlighted, so Enter opens it; the arrows move from there.
    if (firstKey !== undefined) combobox.selectFirstOption();
  }, [firstKey, combobox]);
  useEffect(() => onLoading(loading), [loading, onLoading]);
  useEffect(() => () => onLoading(false), [onLoading]);

  return (
    <Combobox.Dropdown miw={280}>
      <Combobox.Options aria-label={t('search.results')}>
        {GROUPS.map((group) => {
          const inGroup = hits.filter((hit) => hit.group === group);
          if (inGroup.length === 0) return null;
          return (
            <Combobox.Group key={group} label={t(`search.groups.${group}`)}>
              {inGroup.map((hit) => (
                <Combobox.Option key={hit.key} value={hit.to}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm">{hit.label}</Text>
                    {hit.detail && (
                      // Dimmed by opacity, not colour: it stays readable on the highlighted line.
                      <Text size="xs" opacity={0.75} style={{ flexShrink: 0 }}>
                        {hit.detail}
                      </Text>
                    )}
                  </Group>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          );
        })}
        {hits.length === 0 && !loading && <Combobox.Empty>{t('search.empty')}</Combobox.Empty>}
      </Combobox.Options>
      {query.trim().length < PLAYER_QUERY_MIN && (
        <Combobox.Footer>
          <Text size="xs" c="dimmed">
            {t('search.playersHint', { count: PLAYER_QUERY_MIN })}
          </Text>
        </Combobox.Footer>
      )}
    </Combobox.Dropdown>
  );
}
