import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { RaceSelect } from './RaceSelect';

describe('RaceSelect explanations', () => {
  it('explains what the race changes in a tooltip, and the chosen race under the field', async () => {
    renderWithApp(<RaceSelect value="2" onChange={() => undefined} />);
    expect(screen.getByText(/Insectoïdes : vaisseaux à biostructure et blindage/)).toBeInTheDocument();
    fireEvent.focus(screen.getByRole('button', { name: 'Explication : Race' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/leurs 10 vaisseaux et 10 défenses/);
  });

  it('shows no race description before a choice', () => {
    renderWithApp(<RaceSelect value={null} onChange={() => undefined} />, { language: 'en' });
    expect(screen.queryByText(/ships with/)).not.toBeInTheDocument();
  });
});
