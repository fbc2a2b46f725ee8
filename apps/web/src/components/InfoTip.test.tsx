import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { markPainted } from '../lib/after-paint';
import { renderWithApp } from '../test/render';
import { InfoTip } from './InfoTip';

// The tooltip is built with the first frame (decision 202): the player focuses it after it.
beforeEach(() => markPainted());

describe('InfoTip', () => {
  it('is named by its subject, described by its text, and shows the text on keyboard focus', async () => {
    renderWithApp(<InfoTip label="Explication : NMI" text="Les NMI sont la monnaie premium." />);
    const button = screen.getByRole('button', { name: 'Explication : NMI' });
    expect(button).toHaveAttribute('aria-description', 'Les NMI sont la monnaie premium.');
    fireEvent.focus(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Les NMI sont la monnaie premium.');
  });
});
