import { ActionIcon, Combobox, Group, Loader, TextInput, useCombobox } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppModal } from '../../components/AppModal';
import { useFloatingAfterPaint } from '../../lib/after-paint';
import classes from './shell.module.css';

/**
 * The results (systems, players, modules) load once the player types: the systems' list and its
 * parser, the modules' catalogue and the floating dropdown are not built for the first screen
 * (docs/decisions/162).
 */
const HeaderSearchResults = lazy(() => import('./HeaderSearchResults'));

/** Shown while the results' code loads: the box's spinner says it. */
function LoadingResults({ onLoading }: { onLoading: (loading: boolean) => void }) {
  useEffect(() => {
    onLoading(true);
    return () => onLoading(false);
  }, [onLoading]);
  return null;
}

/**
 * The search box: type, move with the arrow keys, Enter opens the highlighted result (the first
 * one by default), Escape closes. Ctrl+K (Cmd+K) focuses it.
 */
function SearchBox({ autoFocus = false, onDone }: { autoFocus?: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [loading, setLoading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  useHotkeys([['mod+K', () => input.current?.focus()]]);

  // Each option's value is the path it opens.
  const open = (to: string) => {
    void navigate(to);
    setQuery('');
    combobox.closeDropdown();
    input.current?.blur();
    onDone?.();
  };
  const typed = query.trim() !== '';
  const { built, before } = useFloatingAfterPaint(input);
  const box = (
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
  );
  // The combobox (a popover: floating-ui's state) is built once the first frame is drawn, the
  // box alone before (decision 202).
  if (!built) return before(box, 'listbox');
  return (
    // In a portal above everything, the modal's included: inside it the list was clipped by the modal.
    <Combobox store={combobox} onOptionSubmit={open} zIndex={1000}>
      <Combobox.Target>{box}</Combobox.Target>
      {typed && (
        <Suspense fallback={<LoadingResults onLoading={setLoading} />}>
          <HeaderSearchResults query={query} combobox={combobox} onLoading={setLoading} />
        </Suspense>
      )}
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
  // The phones' modal is mounted from its first opening on (then kept, for its closing transition).
  const [used, setUsed] = useState(false);
  if (opened && !used) setUsed(true);
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
      {(opened || used) && (
        <AppModal opened={opened} onClose={() => setOpened(false)} title={t('search.title')} yOffset="8dvh">
          <SearchBox autoFocus onDone={() => setOpened(false)} />
        </AppModal>
      )}
    </>
  );
}
