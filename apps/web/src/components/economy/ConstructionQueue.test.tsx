import type { Construction } from '@starhold/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ConstructionQueue } from './ConstructionQueue';
import { queueProgress } from './economy-format';

const clock = { now: () => Date.parse('2026-11-23T10:00:00Z') };
const running: Construction = {
  id: 7,
  type_id: 1,
  module_id: 1,
  state: 2,
  started_at: '2026-11-23T09:59:00Z',
  scheduled_at: '2026-11-23T10:01:05Z',
  scheduled_value: 2,
};
const waiting: Construction = {
  id: 8,
  type_id: 1,
  module_id: 2,
  state: 1,
  started_at: null,
  scheduled_at: null,
  scheduled_value: 1,
};

describe('ConstructionQueue', () => {
  it('shows the count against the maximum, the running countdown and the waiting note', () => {
    renderWithApp(
      <ConstructionQueue
        kind="factories"
        items={[running, waiting]}
        max={3}
        raceId={1}
        clock={clock}
        onFinish={() => undefined}
      />,
    );
    expect(screen.getByText('2/3')).toBeInTheDocument();
    expect(screen.getByText('En cours')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('00:01:05');
    expect(screen.getByText('En attente de démarrage')).toBeInTheDocument();
    expect(screen.getByText('Mine de métal')).toBeInTheDocument();
  });

  it("says 'Aucune construction' when the queue is empty", () => {
    renderWithApp(
      <ConstructionQueue kind="buildings" items={[]} max={3} raceId={1} onFinish={() => undefined} />,
    );
    expect(screen.getByText('Aucune construction')).toBeInTheDocument();
    expect(screen.getByText('0/3')).toBeInTheDocument();
  });

  it('cancels a level by its id', async () => {
    const onCancel = vi.fn();
    renderWithApp(
      <ConstructionQueue
        kind="factories"
        items={[running]}
        max={3}
        raceId={1}
        clock={clock}
        onCancel={onCancel}
        onFinish={() => undefined}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Annuler Mine de métal' }));
    expect(onCancel).toHaveBeenCalledWith(7);
  });

  it('offers no cancel on ship orders, and shows delivered units in English', () => {
    const order: Construction = { ...running, type_id: 3, module_id: 1, scheduled_value: 5, delivered: 2 };
    renderWithApp(
      <ConstructionQueue
        kind="ships"
        items={[order]}
        max={3}
        raceId={1}
        clock={clock}
        onCancel={() => undefined}
        onFinish={() => undefined}
      />,
      { language: 'en' },
    );
    expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(screen.getByText('2/5 delivered')).toBeInTheDocument();
    expect(screen.getByText('Light fighter')).toBeInTheDocument();
  });

  describe('progress and finished state', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const ten: Construction = {
      ...running,
      started_at: '2026-11-23T10:00:00Z',
      scheduled_at: '2026-11-23T10:00:10Z',
    };

    it('fills the bar from the start to the finish, then shows the item finished until the list refreshes', () => {
      vi.useFakeTimers({ now: Date.parse('2026-11-23T10:00:05Z') });
      const onFinish = vi.fn();
      renderWithApp(
        <ConstructionQueue
          kind="factories"
          items={[ten]}
          max={3}
          raceId={1}
          clock={{ now: () => Date.now() }}
          onFinish={onFinish}
        />,
      );
      const item = screen.getByTestId('queue-item');
      const bar = within(item).getByRole('progressbar', { name: 'Avancement de Mine de métal' });
      expect(bar).toHaveAttribute('aria-valuenow', '50');
      expect(within(item).getByText('En cours')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(3_000);
      });
      expect(bar).toHaveAttribute('aria-valuenow', '80');
      act(() => {
        vi.advanceTimersByTime(2_000);
      });
      expect(onFinish).toHaveBeenCalledWith(7);
      expect(within(item).getByText('Terminé')).toBeInTheDocument();
      expect(within(item).queryByText('En cours')).not.toBeInTheDocument();
      expect(within(item).queryByRole('timer')).not.toBeInTheDocument();
      expect(within(item).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      act(() => {
        vi.advanceTimersByTime(30_000);
      });
      expect(within(item).getByText('Terminé')).toBeInTheDocument();
      expect(onFinish).toHaveBeenCalledTimes(1);
    });

    it('clamps the progress between 0 and 100 percent', () => {
      const start = Date.parse('2026-11-23T10:00:00Z');
      const end = start + 10_000;
      expect(queueProgress(start, end, start - 5_000)).toBe(0);
      expect(queueProgress(start, end, start + 2_500)).toBe(25);
      expect(queueProgress(start, end, end + 60_000)).toBe(100);
      // A finish at its start (an instant construction) is done, not a division by zero.
      expect(queueProgress(start, start, start)).toBe(100);
    });
  });
});
