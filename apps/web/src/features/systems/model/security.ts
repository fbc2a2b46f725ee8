import type { MantineColor } from '@mantine/core';
import { securityTone, type SecurityTone } from '../../../lib/names';

// The bands and how a security's name maps to one are shared with every screen naming them.
export { SECURITY_TONES, securityTone, type SecurityTone } from '../../../lib/names';

export const SECURITY_COLOR: Record<SecurityTone, MantineColor> = {
  high: 'green',
  low: 'orange',
  null: 'red',
};

export function securityColor(securityName: string): MantineColor {
  return SECURITY_COLOR[securityTone(securityName)];
}
