import type { Construction } from '@starhold/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { ConstructionQueue } from './ConstructionQueue';

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
});
