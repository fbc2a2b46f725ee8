import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { fakeApi } from '../test-utils';
import { useQueueGuard } from './use-queue-guard';

afterEach(() => vi.unstubAllGlobals());

const forecast = {
  item_id: null,
  planet_id: 11,
  type_id: 1,
  module_id: 3,
  target_level: 2,
  starts_at: null,
  drop_reason: 'INSUFFICIENT_RESOURCES',
  drops_at: '2026-11-24T06:10:00.000Z',
  shortfall: { metal: 120, crystal: 0, fuel: 0 },
};

function Harness({ queued, proceed }: { queued: number; proceed: () => void }) {
  const guard = useQueueGuard();
  return (
    <>
      <Button onClick={() => guard.check({ typeId: 1, moduleId: 3, name: 'Synthétiseur', queued }, proceed)}>
        queue
      </Button>
      {guard.modal}
    </>
  );
}

describe('useQueueGuard', () => {
  it('queues at once on an empty queue, without asking the forecast', async () => {
    const api = fakeApi({});
    vi.stubGlobal('fetch', api.fetch);
    const proceed = vi.fn();
    renderWithApp(<Harness queued={0} proceed={proceed} />);
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    expect(proceed).toHaveBeenCalledTimes(1);
    expect(api.calls).toEqual([]);
  });

  it('queues at once when the forecast says the level will start', async () => {
    const api = fakeApi({
      'POST /me/queue-forecast': {
        body: {
          data: { ...forecast, starts_at: '2026-11-24T06:10:00.000Z', drop_reason: null, shortfall: null },
        },
      },
    });
    vi.stubGlobal('fetch', api.fetch);
    const proceed = vi.fn();
    renderWithApp(<Harness queued={1} proceed={proceed} />);
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    await vi.waitFor(() => expect(proceed).toHaveBeenCalledTimes(1));
    expect(api.calls).toEqual([
      { method: 'POST', path: '/me/queue-forecast', body: { type_id: 1, module_id: 3 } },
    ]);
    expect(screen.queryByTestId('queue-warning')).not.toBeInTheDocument();
  });

  it('asks first when the forecast says the level will be dropped, and queues only on confirmation', async () => {
    vi.stubGlobal('fetch', fakeApi({ 'POST /me/queue-forecast': { body: { data: forecast } } }).fetch);
    const proceed = vi.fn();
    renderWithApp(<Harness queued={2} proceed={proceed} />);
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    const warning = await screen.findByTestId('queue-warning');
    expect(warning).toHaveTextContent('Synthétiseur niveau 2 ne pourra pas être payé');
    expect(warning).toHaveTextContent('il manquera 120 Métal');
    expect(proceed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(proceed).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'queue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter quand même' }));
    expect(proceed).toHaveBeenCalledTimes(1);
  });
});
