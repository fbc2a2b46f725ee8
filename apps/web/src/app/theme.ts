import { createTheme, type MantineColorsTuple } from '@mantine/core';
import type { ThemeRace } from '../lib/settings';
import { DESKTOP_MIN_WIDTH } from '../lib/breakpoints';

/** Human: a cold ion blue. */
const ion: MantineColorsTuple = [
  '#e3f6ff',
  '#c6e9fb',
  '#93d2f5',
  '#5cbaf0',
  '#33a6ec',
  '#1a99ea',
  '#0592eb',
  '#007ed1',
  '#0070bc',
  '#0061a6',
];
/** Insectoid ("robot"): a bio-luminescent green. */
const chitin: MantineColorsTuple = [
  '#e6ffee',
  '#d1fadd',
  '#a4f3bc',
  '#72ec97',
  '#4be679',
  '#33e265',
  '#22e05a',
  '#0fc64a',
  '#00b03f',
  '#009831',
];
/** Deep-space greys, slightly blue, for the dark surfaces. */
const space: MantineColorsTuple = [
  '#c9d1e0',
  '#a9b3c7',
  '#8490a8',
  '#5f6b84',
  '#3d475d',
  '#2a3246',
  '#1d2436',
  '#151b2a',
  '#0f1420',
  '#0a0e17',
];

export function buildTheme(race: ThemeRace) {
  return createTheme({
    primaryColor: race === 'robot' ? 'chitin' : 'ion',
    primaryShade: 6,
    // Filled buttons, badges and indicators pick black or white text by the colour's luminance:
    // white on the bright ion blue, chitin green or red is below 4.5:1 (axe, decision 227). At
    // 0.18 whichever of the two is picked gives at least 4.58:1.
    autoContrast: true,
    luminanceThreshold: 0.18,
    colors: { ion, chitin, dark: space },
    fontFamily: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, sans-serif",
    fontFamilyMonospace: "'JetBrains Mono', 'Fira Code', ui-monospace, monospace",
    headings: {
      fontFamily: "'Rajdhani', 'Segoe UI', system-ui, sans-serif",
      fontWeight: '700',
    },
    breakpoints: { sm: DESKTOP_MIN_WIDTH },
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      Card: { defaultProps: { withBorder: true, radius: 'lg' } },
      Paper: { defaultProps: { radius: 'lg' } },
      Modal: {
        defaultProps: { centered: true, radius: 'lg', overlayProps: { backgroundOpacity: 0.65, blur: 3 } },
        styles: {
          title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', letterSpacing: '0.3px' },
        },
      },
      Tooltip: { defaultProps: { withArrow: true } },
    },
  });
}
