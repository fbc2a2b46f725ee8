import type { TFunction } from 'i18next';

/**
 * One name per game concept, shared by every screen: a race, a planet type, a security band
 * (common:names.*). A screen never keeps its own copy, so the dashboard, the map, the profile and
 * registration cannot drift apart (locales test: names are defined once).
 */

/** The three bands of the map legend. */
export type SecurityTone = 'high' | 'low' | 'null';

export const SECURITY_TONES: readonly SecurityTone[] = ['high', 'low', 'null'];

/**
 * The spec keys the band on the security *name* ("contains high", "contains low"), not on its id,
 * so a renamed band such as "very-high" still reads as high security.
 */
export function securityTone(securityName: string): SecurityTone {
  const name = securityName.toLowerCase();
  if (name.includes('high')) return 'high';
  if (name.includes('low')) return 'low';
  return 'null';
}

export function raceName(t: TFunction, raceId: number, fallback?: string): string {
  return t(`common:names.races.${raceId}`, { defaultValue: fallback ?? `#${raceId}` });
}

export function planetTypeName(t: TFunction, type: string): string {
  return t(`common:names.planetTypes.${type}`, { defaultValue: type });
}

/** The band's name from the security's name (see `securityTone`). */
export function securityName(t: TFunction, security: string): string {
  return t(`common:names.security.${securityTone(security)}`);
}

/** A legend entry's name. */
export function securityToneName(t: TFunction, tone: SecurityTone): string {
  return t(`common:names.security.${tone}`);
}
