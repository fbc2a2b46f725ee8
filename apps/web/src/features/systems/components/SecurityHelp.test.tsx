import type { SystemListItem } from '@starhold/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { markPainted } from '../../../lib/after-paint';
import { renderScreen } from '../test-utils';
import { SecurityHelp } from './SecurityHelp';
import { SystemTooltip } from './SystemTooltip';

// This screen opens after the app's first frame: its tooltips are built at once (decision 202).
beforeEach(() => markPainted());

const system: SystemListItem = {
  id: 7,
  name: 'Vega',
  position: { x: 10, y: 20 },
  security: { id: 3, name: 'null' },
  race: { id: 1 },
  connections: [8],
  has_own_planet: false,
};

describe('the security explanation beside a security label', () => {
  it.each([
    { name: 'high', language: 'fr' as const, text: /aucune attaque possible ici/ },
    { name: 'low', language: 'en' as const, text: /every mission is allowed, attacks included/ },
    { name: 'null', language: 'en' as const, text: /nomad pirates attack passing fleets/ },
  ])('explains $name in $language, named by the band, on hover', async ({ name, language, text }) => {
    renderScreen(<SecurityHelp name={name} />, { language });
    const icon = screen.getByTestId(`security-help-${name}`);
    expect(icon).toHaveAccessibleDescription(text);
    await userEvent.hover(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(text);
  });

  it("is on the map's system card", () => {
    renderScreen(
      <SystemTooltip
        system={system}
        x={10}
        y={10}
        containerWidth={800}
        containerHeight={600}
        pinned
        onOpen={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByTestId('security-help-null')).toHaveAccessibleName('Explication : Null Sec');
  });
});
