import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { InfoTip } from './InfoTip';

describe('InfoTip', () => {
  it('is named by its subject, described by its text, and shows the text on keyboard focus', async () => {
    renderWithApp(<InfoTip label="Explication : NMI" text="Les NMI sont la monnaie premium." />);
    const button = screen.getByRole('button', { name: 'Explication : NMI' });
    expect(button).toHaveAttribute('aria-description', 'Les NMI sont la monnaie premium.');
    fireEvent.focus(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Les NMI sont la monnaie premium.');
  });
});
