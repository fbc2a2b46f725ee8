import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeApi } from '../test-utils';
import { QueueShortfall } from './QueueShortfall';

afterEach(() => vi.unstubAllGlobals());

const forecast = {
  item_id: 9,
  planet_id: 11,
  type_id: 1,
  module_id: 3,
  target_level: 2,
  starts_at: null,
  drop_reason: 'INSUFFICIENT_RESOURCES',
  drops_at: '2026-11-24T06:10:00.000Z',
  shortfall: { metal: 1200, crystal: 0, fuel: 35 },
};

describe('QueueShortfall', () => {
  it('says what a waiting level will lack at its turn', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /me/queue-forecast': {
          body: { data: [forecast, { ...forecast, item_id: 10, drop_reason: null, shortfall: null }] },
        },
      }).fetch,
    );
    renderWithApp(
      <>
        <QueueShortfall constructionId={9} />
        <QueueShortfall constructionId={10} />
      </>,
    );
    const notes = await screen.findAllByTestId('queue-shortfall');
    expect(notes.map((note) => note.textContent)).toEqual([
      `À son tour, il manquera 1${'\u202f'}200 Métal, 35 Carburant : il sera retiré de la file.`,
    ]);
  });

  it('names another reason of a drop', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /me/queue-forecast': {
          body: { data: [{ ...forecast, drop_reason: 'CAPACITY_FULL', shortfall: null }] },
        },
      }).fetch,
    );
    renderWithApp(<QueueShortfall constructionId={9} />, { language: 'en' });
    expect(await screen.findByTestId('queue-shortfall')).toHaveTextContent(
      'At its turn it cannot start (The planet has no room left): it will leave the queue.',
    );
  });
});
