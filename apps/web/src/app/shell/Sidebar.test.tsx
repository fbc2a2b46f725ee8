import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { Sidebar } from './Sidebar';

describe('Sidebar', () => {
  it('shows every label as text when open, with no tooltip to build', () => {
    renderWithApp(<Sidebar collapsed={false} onNavigate={() => undefined} />);
    expect(screen.getByText('Tableau de bord')).toBeInTheDocument();
    expect(screen.getByText('Commandants')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Simulateur' })).toHaveAttribute('href', '/simulator');
    expect(screen.getByRole('link', { name: 'Carte stellaire' })).toHaveAttribute('href', '/systems');
    expect(screen.getByRole('link', { name: 'Classement' })).toHaveAttribute('href', '/accounts');
    fireEvent.mouseEnter(screen.getByText('Usines'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('collapsed, names each link for assistive technology and shows its label in a tooltip on hover', async () => {
    renderWithApp(<Sidebar collapsed onNavigate={() => undefined} />);
    expect(screen.queryByText('Usines')).not.toBeInTheDocument();
    const factories = screen.getByLabelText('Usines');
    fireEvent.mouseEnter(factories);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Usines');
  });
});
