import type { TFunction } from 'i18next';

export type EmailParams = Record<string, unknown>;

/** Parses an email's params; anything that is not a JSON object counts as no parameters. */
export function parseEmailParams(raw: string | undefined | null): EmailParams {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as EmailParams) : {};
  } catch {
    return {};
  }
}

function record(value: unknown): EmailParams {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as EmailParams) : {};
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** metal_mine -> Metal mine: the last resort when no translation names a module. */
export function humanizeKey(key: string): string {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const MODULE_FOLDERS: Record<number, string> = {
  1: 'factories',
  2: 'buildings',
  3: 'ships',
  4: 'defenses',
  5: 'researchs',
};

function moduleName(t: TFunction, typeId: number, moduleId: number, key: string, raceId: number): string {
  const folder = MODULE_FOLDERS[typeId];
  const fallback = key ? humanizeKey(key) : `#${moduleId}`;
  if (!folder) return fallback;
  // Buildings are named per race in the modules namespace; the other kinds by id.
  const path =
    typeId === 2 ? `modules:${folder}.${raceId}.${moduleId}.name` : `modules:${folder}.${moduleId}.name`;
  return t(path, { defaultValue: fallback });
}

/** One of the player's planets, for the fleet emails that name a planet by id. */
export interface KnownPlanet {
  name: string;
  systemId: number;
  orbit: number;
}

export interface EmailTextContext {
  t: TFunction;
  raceId: number;
  formatDate: (iso: string) => string;
  /** The universe's systems by id (fleet emails name places); ids only while it is not loaded. */
  systems?: ReadonlyMap<number, { name: string }>;
  /** The player's own planets by id. */
  planets?: ReadonlyMap<number, KnownPlanet>;
  /** Another player's name by account id, when known. */
  accountName?: (id: number) => string | undefined;
}

/** The interpolation values of an email's text, translated where the params carry keys. */
export function emailValues(
  title: string,
  params: EmailParams,
  context: EmailTextContext,
): Record<string, string> {
  const { t, raceId, formatDate } = context;
  switch (title) {
    case 'welcome':
      return { username: text(params.username) };
    case 'construction_failed': {
      const construction = record(params.construction);
      const reason = text(params.reason);
      return {
        construction: moduleName(
          t,
          Number(construction.type_id),
          Number(construction.module_id),
          text(construction.key),
          raceId,
        ),
        level: text(construction.level),
        planet: text(params.planet),
        reason: reason ? t(`errors:${reason}`, { defaultValue: reason }) : '',
      };
    }
    case 'research_finished': {
      const research = record(params.research);
      return {
        research: moduleName(t, 5, Number(research.id), text(research.key), raceId),
        level: text(params.level),
        planet: text(params.planet),
      };
    }
    case 'commandant_unlocked':
    case 'commandant_expired': {
      const commandant = record(params.commandant);
      const key = text(commandant.key);
      const until = text(params.available_until);
      return {
        commandant: key ? t(`commandants:names.${key}`, { defaultValue: humanizeKey(key) }) : '',
        duration: params.time === undefined ? '' : t(`commandants:durations.${text(params.time)}`),
        until: until ? formatDate(until) : '',
        nmi: text(params.nmi_spent),
      };
    }
    case 'combat_report':
      return {
        attacker: player(params.attacker_id, context),
        defender: player(params.defender_id, context),
        outcome: t(`emails:fleet.winner.${text(params.winner)}`, { defaultValue: '' }),
      };
    case 'spy_report':
      return {
        target: player(params.target_id, context),
        detection: t(`emails:fleet.detected.${params.detected === true}`),
      };
    case 'spied_on':
      return {
        spy: player(params.spy_id, context),
        planet: planet(params.planet_id, undefined, context),
        detection: t(`emails:fleet.detected.${params.detected === true}`),
        probes: text(params.probes_destroyed) || '0',
      };
    case 'fleet_returned':
      return { planet: planet(params.planet_id, undefined, context), ...cargo(params) };
    case 'transport_delivered':
      return {
        planet: planet(params.planet_id, params.to_account_id, context),
        ...cargo(params),
      };
    case 'debris_collected':
      return { ...where(params, context), ...cargo(params) };
    case 'colonized':
      return where(params, context);
    case 'colonization_failed': {
      const reason = text(params.reason);
      return {
        ...where(params, context),
        reason: reason ? t(`errors:${reason}`, { defaultValue: reason }) : '',
      };
    }
    case 'pirate_ambush':
      return { ...where(params, context), outcome: t(`emails:fleet.ambush.${params.destroyed === true}`) };
    default:
      return {};
  }
}

function positiveId(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** Where a fleet email happened: the system by name (its number until the list is loaded), and the orbit. */
function where(params: EmailParams, { t, systems }: EmailTextContext): Record<string, string> {
  const systemId = positiveId(params.system_id);
  const orbit = positiveId(params.orbit);
  if (systemId === null) return { place: t('emails:fleet.somewhere') };
  const system = systems?.get(systemId)?.name ?? t('fleets:page.system', { system: systemId });
  return { place: orbit === null ? system : t('fleets:page.place', { system, orbit }) };
}

/** Another player by name, or "another commander" while the name is not known. */
function player(value: unknown, { t, accountName }: EmailTextContext): string {
  const id = positiveId(value);
  return (id !== null ? accountName?.(id) : undefined) ?? t('emails:fleet.someone');
}

/**
 * A planet by id: one of the player's own by name and place; another player's as "a planet of
 * <owner>" when the owner is known; otherwise "a planet".
 */
function planet(value: unknown, owner: unknown, context: EmailTextContext): string {
  const { t, planets, systems } = context;
  const id = positiveId(value);
  const own = id === null ? undefined : planets?.get(id);
  if (own !== undefined) {
    const system = systems?.get(own.systemId)?.name ?? t('fleets:page.system', { system: own.systemId });
    return t('emails:fleet.ownPlanet', {
      name: own.name,
      place: t('fleets:page.place', { system, orbit: own.orbit }),
    });
  }
  if (positiveId(owner) !== null) return t('emails:fleet.playerPlanet', { player: player(owner, context) });
  return t('emails:fleet.somePlanet');
}

/** The resources a fleet email counts (cargo delivered, brought home or collected). */
function cargo(params: EmailParams): Record<string, string> {
  return {
    metal: text(params.metal) || '0',
    crystal: text(params.crystal) || '0',
    fuel: text(params.fuel) || '0',
  };
}

export interface EmailTexts {
  title: string;
  text: string;
}

/** Title and text from the translations keyed by the email's title (SPEC 2, Emails). */
export function emailTexts(
  email: { title: string; params?: string | null },
  context: EmailTextContext,
): EmailTexts {
  const values = emailValues(email.title, parseEmailParams(email.params), context);
  return {
    title: context.t(`emails:titles.${email.title}`, { ...values, defaultValue: humanizeKey(email.title) }),
    text: context.t(`emails:bodies.${email.title}`, { ...values, defaultValue: '' }),
  };
}

/** Keeps the emails whose translated title contains the query (case and accents ignored). */
export function filterByTitle<E>(emails: readonly E[], query: string, titleOf: (email: E) => string): E[] {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLocaleLowerCase();
  const needle = fold(query.trim());
  if (!needle) return [...emails];
  return emails.filter((email) => fold(titleOf(email)).includes(needle));
}
