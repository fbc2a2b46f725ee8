import type { MantineColor } from '@mantine/core';

/** The three bands of the map legend. */
export type SecurityTone = 'high' | 'low' | 'null';

export const SECURITY_TONES: readonly SecurityTone[] = ['high', 'low', 'null'];

/**
 * The spec keys the colour on the security *name* ("contains high", "contains low"), not on its id,
 * so a renamed band such as "very-high" still reads as high security.
 */
export function securityTone(securityName: string): SecurityTone {
  const name = securityName.toLowerCase();
  if (name.includes('high')) return 'high';
  if (name.includes('low')) return 'low';
  return 'null';
}

export const SECURITY_COLOR: Record<SecurityTone, MantineColor> = {
  high: 'green',
  low: 'orange',
  null: 'red',
};

export function securityColor(securityName: string): MantineColor {
  return SECURITY_COLOR[securityTone(securityName)];
}
