import type { SystemListItem } from '@starhold/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testMe } from '../../test/render';
import { systemsColumns } from '../../test/systems-columns';
import { requestUrl } from '../../test/request-url';
import { markPainted } from '../../lib/after-paint';
import { foldText, moduleEntries, rankMatches } from './header-search';
import { HeaderSearch } from './HeaderSearch';

const me = testMe({ race: { id: 2, name: 'insectoid' } });

function system(id: number, name: string): SystemListItem {
  return {
    id,
    name,
    position: { x: 0, y: 0 },
    security: { id: 1, name: 'high' },
    race: { id: 1 },
    connections: [],
    has_own_planet: false,
  };
}

let playerQueries: string[] = [];

beforeEach(() => {
  // The combobox is built with the first frame (decision 202): the player types after it.
  markPainted();
  playerQueries = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const path = url.pathname.replace('/api/v1', '');
    const body =
      path === '/me'
        ? { data: me }
        : path === '/systems/map'
          ? { data: systemsColumns([system(1, 'Syrtis'), system(2, 'Vega'), system(3, 'Asyra')]) }
          : path === '/search/players'
            ? (playerQueries.push(url.searchParams.get('q') ?? ''),
              { data: [{ id: 9, username: 'Syd_the_bold', race: { id: 1 } }] })
            : { data: null };
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderSearch(language: 'fr' | 'en' = 'fr') {
  return renderWithApp(
    <>
      <HeaderSearch />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { language },
  );
}

describe('header search model', () => {
  it('folds case and accents, and ranks names starting with the query before names holding it', () => {
    expect(foldText(' Électro ')).toBe('electro');
    expect(rankMatches(['Asyra', 'Syrtis', 'Vega'], (name) => name, 'SY', 5)).toEqual(['Syrtis', 'Asyra']);
    expect(rankMatches(['a'], (name) => name, '   ', 5)).toEqual([]);
  });

  it("lists only the player's race's units, with their screens", () => {
    const entries = moduleEntries(2, (key) => key);
    expect(entries.some((entry) => entry.kind === 'ships')).toBe(true);
    expect(entries.find((entry) => entry.kind === 'factories' && entry.id === 3)?.to).toBe(
      '/planet/factories?id=3',
    );
    expect(entries.find((entry) => entry.kind === 'buildings')?.name).toBe('modules:buildings.2.1.name');
  });
});

describe('HeaderSearch', () => {
  it('finds systems, players and modules, and opens the first with Enter', async () => {
    renderSearch();
    const input = screen.getAllByRole('textbox', {
      name: 'Rechercher un système, un joueur ou un module',
    })[0]!;
    await userEvent.type(input, 'sy');
    expect(await screen.findByRole('option', { name: /Syrtis/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Asyra/ })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: /Syd_the_bold/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Synthétiseur de carburant/ })).toBeInTheDocument();
    expect(playerQueries).toContain('sy');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/systems/1');
  });

  it('moves with the arrow keys to a module and opens its detail', async () => {
    renderSearch('en');
    const input = screen.getAllByRole('textbox', { name: 'Search a system, a player or a module' })[0]!;
    await userEvent.type(input, 'synth');
    // The player comes first (highlighted), the module below it.
    const player = await screen.findByRole('option', { name: /Syd_the_bold/ });
    const option = screen.getByRole('option', { name: /Fuel synthesizer/ });
    await waitFor(() => expect(player).toHaveAttribute('data-combobox-selected'));
    await userEvent.keyboard('{ArrowDown}');
    expect(option).toHaveAttribute('data-combobox-selected');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/planet/factories?id=3');
  });

  it('says when nothing matches, and asks players for two characters', async () => {
    renderSearch();
    const input = screen.getAllByRole('textbox', {
      name: 'Rechercher un système, un joueur ou un module',
    })[0]!;
    await userEvent.type(input, 'q');
    expect(await screen.findByText('Les joueurs se cherchent à partir de 2 caractères.')).toBeInTheDocument();
    await userEvent.type(input, 'qqzz');
    expect(await screen.findByText('Aucun résultat')).toBeInTheDocument();
  });
});
