import { ActionIcon, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import type { PlayerSearchHit } from '@starhold/contract';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../api/me';
import { useSystemsById } from '../../api/systems';
import { AppModal } from '../../components/AppModal';
import { api } from '../../lib/api';
import { moduleEntries, rankMatches, SEARCH_GROUP_LIMIT, type SearchHit } from './header-search';
import classes from './shell.module.css';

/** Players need two characters: one letter would list the first eight usernames, not a search. */
export const PLAYER_QUERY_MIN = 2;

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
  const active = query.trim() !== '';
  const systems = useSystemsById(active);
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
  return { hits, loading: active && (systems.isPending || players.isFetching) };
}

const GROUPS = ['systems', 'players', 'modules'] as const;

/**
 * The search box: type, move with the arrow keys, Enter opens the highlighted result (the first
 * one by default), Escape closes. Ctrl+K (Cmd+K) focuses it.
 */
function SearchBox({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { hits, loading } = useSearchHits(query);
  const firstKey = hits[0]?.key;
  useHotkeys([['mod+K', () => input.current?.focus()]]);

  useEffect(() => {
    // The first result is highlighted, so Enter opens it; the arrows move from there.
    if (firstKey !== undefined) combobox.selectFirstOption();
  }, [firstKey, combobox]);

  const open = (key: string) => {
    const hit = hits.find((entry) => entry.key === key);
    if (!hit) return;
    void navigate(hit.to);
    setQuery('');
    combobox.closeDropdown();
    input.current?.blur();
    onDone?.();
  };
  const typed = query.trim() !== '';
  return (
    // In a portal above everything, the modal's included: inside it the list was clipped by the modal.
    <Combobox store={combobox} onOptionSubmit={open} zIndex={1000}>
      <Combobox.Target>
        <TextInput
          ref={input}
          size="sm"
          w={autoFocus ? '100%' : 240}
          leftSection={<IconSearch size={16} />}
          rightSection={loading ? <Loader size={14} /> : null}
          placeholder={t('header.search')}
          aria-label={t('search.label')}
          classNames={{ input: classes.search }}
          value={query}
          autoFocus={autoFocus}
          data-autofocus={autoFocus || undefined}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setQuery('');
              combobox.closeDropdown();
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typed} miw={280}>
        <Combobox.Options aria-label={t('search.results')}>
          {GROUPS.map((group) => {
            const inGroup = hits.filter((hit) => hit.group === group);
            if (inGroup.length === 0) return null;
            return (
              <Combobox.Group key={group} label={t(`search.groups.${group}`)}>
                {inGroup.map((hit) => (
                  <Combobox.Option key={hit.key} value={hit.key}>
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
          {typed && hits.length === 0 && !loading && <Combobox.Empty>{t('search.empty')}</Combobox.Empty>}
        </Combobox.Options>
        {typed && query.trim().length < PLAYER_QUERY_MIN && (
          <Combobox.Footer>
            <Text size="xs" c="dimmed">
              {t('search.playersHint', { count: PLAYER_QUERY_MIN })}
            </Text>
          </Combobox.Footer>
        )}
      </Combobox.Dropdown>
    </Combobox>
  );
}

/**
 * The header search (issue 26): systems, players and modules. A box from the md breakpoint; on
 * phones an icon that opens the same box in a modal.
 */
export function HeaderSearch() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Group visibleFrom="md">
        <SearchBox />
      </Group>
      <ActionIcon
        hiddenFrom="md"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('search.label')}
        onClick={() => setOpened(true)}
      >
        <IconSearch size={20} />
      </ActionIcon>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={t('search.title')} yOffset="8dvh">
        <SearchBox autoFocus onDone={() => setOpened(false)} />
      </AppModal>
    </>
  );
}
