import type { LiveEvent, Me } from '@starhold/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MODULE_KINDS, type ModuleKind } from '../components/economy/module-kinds';
import { moduleTextKey } from '../components/economy/module-view';
import { API_BASE_PATH } from './api-client';
import { queryKeys } from './query-keys';
import { toasts, type ToastInput } from './toasts';

export type { LiveEvent } from '@starhold/contract';

/** The part of the browser's EventSource the client uses, so tests can drive a fake one. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export type LiveState = 'connecting' | 'open' | 'down';

export interface LiveEventsDeps {
  createSource: (url: string) => EventSourceLike;
  queryClient: Pick<QueryClient, 'invalidateQueries'>;
  notify: (toast: ToastInput) => void;
  translate: (key: string, params?: Record<string, unknown>) => string;
  /** The player's race, read at each event: buildings are named per race. */
  raceId: () => number;
  /** The player's id, read at each event (whose transport arrived); null while unknown. */
  accountId?: () => number | null;
  /** Checks each pushed event (the contract's liveEventSchema). */
  schema: LiveEventParser;
  random?: () => number;
  url?: string;
  /** First reconnect delay; doubles on each failure up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** While the stream is down, player data is refreshed on this interval instead. */
  pollIntervalMs?: number;
}

export interface LiveEventsConnection {
  state(): LiveState;
  stop(): void;
}

export const LIVE_EVENTS_PATH = `${API_BASE_PATH}/me/events`;
const KIND_OF_TYPE = new Map<number, ModuleKind>(
  Object.values(MODULE_KINDS).map((info) => [info.typeId, info.kind]),
);
const ME_ONLY = { queryKey: queryKeys.me, exact: true } as const;
const EMAILS: QueryKey = [...queryKeys.me, 'emails'];
const COMMANDANTS: QueryKey = [...queryKeys.me, 'commandants'];

/** Which cached queries an event makes stale; prefixes, except /me itself (points, unread count). */
export function queriesToRefresh(event: LiveEvent): { queryKey: QueryKey; exact?: boolean }[] {
  switch (event.kind) {
    case 'construction_finished':
    case 'research_finished':
    case 'construction_dropped':
    case 'units_delivered':
      return [{ queryKey: queryKeys.myPlanet }, ME_ONLY];
    case 'email_received':
      return [{ queryKey: EMAILS }, ME_ONLY];
    case 'commandant_expired':
      return [{ queryKey: COMMANDANTS }, { queryKey: queryKeys.myPlanet }, ME_ONLY];
    // The fleets page and the header badge read the fleet list; the emails come with their own
    // `email_received` event from the same transaction.
    case 'hostile_fleet_departed':
    case 'fleet_spied_on':
      return [{ queryKey: queryKeys.myFleets }];
    case 'fleet_arrived':
    case 'fleet_returned':
    case 'fleet_combat':
      // Cargo, plunder, ships back or lost: the planet and the points change too.
      return [{ queryKey: queryKeys.myFleets }, { queryKey: queryKeys.myPlanet }, ME_ONLY];
    case 'colony_founded':
      return [
        { queryKey: queryKeys.myFleets },
        { queryKey: queryKeys.myPlanets },
        { queryKey: queryKeys.myPlanet },
        ME_ONLY,
      ];
  }
}

/** Won, lost or drawn from the player's side of a combat. */
function combatOutcome(event: Extract<LiveEvent, { kind: 'fleet_combat' }>): 'won' | 'lost' | 'draw' {
  if (event.winner === 'draw') return 'draw';
  return (event.winner === 'defender') === event.defending ? 'won' : 'lost';
}

function fleetToast(
  event: Exclude<LiveEvent, { kind: Exclude<LiveEvent['kind'], FleetEventKind> }>,
  t: LiveEventsDeps['translate'],
  accountId: number | null,
): ToastInput {
  switch (event.kind) {
    case 'hostile_fleet_departed':
      return {
        type: 'warning',
        title: t('live:hostile_fleet_departed.title'),
        message: t(
          event.mission === 4 ? 'live:hostile_fleet_departed.spy' : 'live:hostile_fleet_departed.attack',
          { system: event.system_id, orbit: event.orbit },
        ),
      };
    case 'fleet_arrived': {
      const notice = ARRIVAL_NOTICES.has(event.notice) ? event.notice : 'other';
      // A transport from another player: the recipient's side of it.
      const received = notice === 'transport_delivered' && accountId !== null && event.owner_id !== accountId;
      return {
        type: notice === 'colonization_failed' ? 'warning' : 'success',
        title: t('live:fleet_arrived.title'),
        message: t(`live:fleet_arrived.${received ? 'transport_received' : notice}`),
      };
    }
    case 'fleet_returned':
      return {
        type: 'info',
        title: t('live:fleet_returned.title'),
        message: t('live:fleet_returned.message'),
      };
    case 'fleet_combat': {
      const outcome = combatOutcome(event);
      const side = event.pirates ? 'pirates' : event.defending ? 'defense' : 'attack';
      return {
        type: outcome === 'won' ? 'success' : outcome === 'lost' ? 'error' : 'warning',
        title: t(`live:fleet_combat.${side}`),
        message: t(`live:fleet_combat.${outcome}`),
      };
    }
    case 'fleet_spied_on':
      return {
        type: 'warning',
        title: t('live:fleet_spied_on.title'),
        message: t(event.detected ? 'live:fleet_spied_on.detected' : 'live:fleet_spied_on.message'),
      };
    case 'colony_founded':
      return {
        type: 'success',
        title: t('live:colony_founded.title'),
        message: t('live:colony_founded.message'),
      };
  }
}

type FleetEventKind =
  | 'hostile_fleet_departed'
  | 'fleet_arrived'
  | 'fleet_returned'
  | 'fleet_combat'
  | 'fleet_spied_on'
  | 'colony_founded';

/** Why the settling drops a queued item (the rules' `item_dropped` reasons, texts in errors). */
const DROP_REASONS = new Set(['INSUFFICIENT_RESOURCES', 'REQUIREMENTS_NOT_MET', 'CAPACITY_FULL']);

/** The arrival notices with a text of their own; another (a newer server's) gets a generic one. */
const ARRIVAL_NOTICES = new Set([
  'transport_delivered',
  'spy_report',
  'debris_collected',
  'colonization_failed',
]);

function toastFor(
  event: LiveEvent,
  t: LiveEventsDeps['translate'],
  raceId: number,
  accountId: number | null,
): ToastInput {
  const name = (typeId: number, moduleId: number) =>
    t(`${moduleTextKey(KIND_OF_TYPE.get(typeId) ?? 'factories', moduleId, raceId)}.name`);
  switch (event.kind) {
    case 'construction_finished':
      return {
        type: 'success',
        title: t('live:construction_finished.title'),
        message: t('live:construction_finished.message', {
          name: name(event.type_id, event.module_id),
          level: event.level,
        }),
      };
    case 'research_finished':
      return {
        type: 'success',
        title: t('live:research_finished.title'),
        message: t('live:research_finished.message', {
          name: name(MODULE_KINDS.researchs.typeId, event.module_id),
          level: event.level,
        }),
      };
    case 'construction_dropped': {
      // A loss the player did not choose: a warning with its reason (a newer server's unknown
      // reason reads without one rather than as a raw key).
      const params = { name: name(event.type_id, event.module_id), level: event.level };
      return {
        type: 'warning',
        title: t('live:construction_dropped.title'),
        message: DROP_REASONS.has(event.reason)
          ? t('live:construction_dropped.because', { ...params, reason: t(`errors:${event.reason}`) })
          : t('live:construction_dropped.message', params),
      };
    }
    case 'units_delivered':
      return {
        type: 'success',
        title: t('live:units_delivered.title'),
        message: t('live:units_delivered.message', {
          name: name(event.type_id, event.module_id),
          count: event.count,
        }),
      };
    case 'email_received':
      return {
        type: 'info',
        title: t('live:email_received.title'),
        message: t('live:email_received.message', { count: event.count }),
      };
    case 'commandant_expired':
      return {
        type: 'info',
        title: t('live:commandant_expired.title'),
        message: t('live:commandant_expired.message'),
      };
    default:
      return fleetToast(event, t, accountId);
  }
}

/** What checks a pushed event: the contract's `liveEventSchema` (lib/live-event-schema.ts). */
export interface LiveEventParser {
  safeParse(value: unknown): { success: true; data: LiveEvent } | { success: false };
}

/** An event this client does not know (a newer server) or a garbled line is ignored. */
function parse(schema: LiveEventParser, data: string): LiveEvent | null {
  try {
    const parsed = schema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Listens to the player's event stream: refreshes the affected queries and toasts each event.
 * When the stream fails, it closes it, polls the player's data instead, and reconnects after a
 * growing, jittered delay (the browser's own retry would hammer a server that is down); once
 * back, it refreshes everything once, since events of the gap were missed.
 */
export function connectLiveEvents(deps: LiveEventsDeps): LiveEventsConnection {
  const random = deps.random ?? Math.random;
  const base = deps.baseDelayMs ?? 1_000;
  const max = deps.maxDelayMs ?? 30_000;
  const pollMs = deps.pollIntervalMs ?? 15_000;
  let source: EventSourceLike | null = null;
  let state: LiveState = 'connecting';
  let failures = 0;
  let stopped = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let pollTimer: ReturnType<typeof setInterval> | null = null;

  const refreshAll = () => void deps.queryClient.invalidateQueries({ queryKey: queryKeys.me });
  const stopPolling = () => {
    if (pollTimer !== null) clearInterval(pollTimer);
    pollTimer = null;
  };

  const open = () => {
    state = 'connecting';
    const current = deps.createSource(deps.url ?? LIVE_EVENTS_PATH);
    source = current;
    current.onopen = () => {
      if (failures > 0) refreshAll();
      failures = 0;
      state = 'open';
      stopPolling();
    };
    current.onmessage = (message) => {
      const event = parse(deps.schema, message.data);
      if (event === null) return;
      for (const filter of queriesToRefresh(event)) void deps.queryClient.invalidateQueries(filter);
      deps.notify(toastFor(event, deps.translate, deps.raceId(), deps.accountId?.() ?? null));
    };
    current.onerror = () => {
      current.close();
      if (stopped || source !== current) return;
      source = null;
      state = 'down';
      failures += 1;
      if (pollTimer === null) pollTimer = setInterval(refreshAll, pollMs);
      const delay = Math.min(max, base * 2 ** (failures - 1)) * (0.5 + random() / 2);
      reconnectTimer = setTimeout(() => {
        reconnectTimer = null;
        open();
      }, delay);
    };
  };

  open();
  return {
    state: () => state,
    stop() {
      stopped = true;
      source?.close();
      source = null;
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      stopPolling();
    },
  };
}

/** Live push for the signed-in layouts: one stream per tab while the layout is mounted. */
export function useLiveEvents(): void {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    let connection: LiveEventsConnection | undefined;
    let unmounted = false;
    // The schema (and zod) load after the first render, then the stream opens.
    void import('./live-event-schema').then(({ liveEventSchema }) => {
      if (unmounted) return;
      connection = connectLiveEvents({
        createSource: (url) => new EventSource(url, { withCredentials: true }),
        queryClient,
        notify: (toast) => toasts.show(toast),
        // Read at each event, so a language switch needs no reconnection.
        translate: (key, params) => i18n.t(key, params),
        raceId: () => queryClient.getQueryData<Me>(queryKeys.me)?.race.id ?? 1,
        accountId: () => queryClient.getQueryData<Me>(queryKeys.me)?.id ?? null,
        schema: liveEventSchema,
      });
    });
    return () => {
      unmounted = true;
      connection?.stop();
    };
  }, [queryClient, i18n]);
}
