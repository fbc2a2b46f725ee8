import {
  IconAtom2,
  IconBuildingFactory2,
  IconBuildingSkyscraper,
  IconLayoutDashboard,
  IconMap2,
  IconRocket,
  IconRoute,
  IconShieldLock,
  IconShieldHalfFilled,
  IconSwords,
  IconTrophy,
  IconUserStar,
} from '@tabler/icons-react';

/**
 * Sidebar entries in SPEC order: dashboard, researchs, factories, buildings, ships, defenses,
 * commandants; then the combat simulator (issue 20), whose label lives in its own namespace, the
 * fleets, and the star map and the leaderboard (issue 26: reachable from the sidebar, with labels).
 */
export const NAV_ITEMS = [
  { to: '/', labelKey: 'nav.dashboard', Icon: IconLayoutDashboard, end: true },
  { to: '/account/research', labelKey: 'nav.research', Icon: IconAtom2, end: false },
  { to: '/planet/factories', labelKey: 'nav.factories', Icon: IconBuildingFactory2, end: false },
  { to: '/planet/buildings', labelKey: 'nav.buildings', Icon: IconBuildingSkyscraper, end: false },
  { to: '/planet/ships', labelKey: 'nav.ships', Icon: IconRocket, end: false },
  { to: '/planet/defenses', labelKey: 'nav.defenses', Icon: IconShieldHalfFilled, end: false },
  { to: '/commandants', labelKey: 'nav.commandants', Icon: IconUserStar, end: false },
  { to: '/simulator', labelKey: 'simulator:nav', Icon: IconSwords, end: false },
  { to: '/fleets', labelKey: 'fleets:nav', Icon: IconRoute, end: false },
  // Shown to operators only (Sidebar; decision 220).
  { to: '/admin', labelKey: 'admin:nav', Icon: IconShieldLock, end: false, operatorOnly: true },
  { to: '/systems', labelKey: 'nav.map', Icon: IconMap2, end: false },
  { to: '/accounts', labelKey: 'nav.leaderboard', Icon: IconTrophy, end: false },
] as const;
