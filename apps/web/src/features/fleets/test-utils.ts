import type { Fleet } from '@starhold/contract';
import { requestUrl } from '../../test/request-url';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status?: number; body: unknown };
type Route = (body: unknown) => Answer;

/** A fetch double for the fleet calls: answers per "METHOD /path", and records every call. */
export function fakeFleetApi(routes: Record<string, Answer | Route>) {
  const calls: FakeCall[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const answer: Answer = route
      ? typeof route === 'function'
        ? route(body)
        : route
      : { status: 404, body: { message: 'nope', code: 404, i18n_comment: 'NOT_FOUND' } };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
  return { fetch, calls };
}

export function shipItem(id: number, value: number, flags: { can_spy?: boolean } = {}) {
  return {
    id,
    name: `ship_${id}`,
    image: '',
    can_be_improved: true,
    nb_upgrade_on_progress: 0,
    next_level_costs: [],
    next_level_time: 1,
    ship: {
      id,
      name: `ship_${id}`,
      speed: 100,
      consumption_per_ua: 1,
      can_colonize: false,
      can_exploit: false,
      can_spy: flags.can_spy ?? false,
      race: { id: 1 },
    },
    value,
  };
}

export const preview = {
  route: [1, 2],
  distance: 42.4,
  duration_seconds: 3725,
  arrives_at: '2026-11-23T13:02:05Z',
  fuel: 17,
  cargo_capacity: 500,
  null_systems: 1,
};

export function fleet(overrides: Partial<Fleet> = {}): Fleet {
  return {
    id: 1,
    mission: 3,
    state: 'outbound',
    origin: { system_id: 1, orbit: 3, planet_index: 0 },
    target: { system_id: 7, orbit: 2 },
    route: [1, 7],
    ships: [{ id: 1, count: 20 }],
    cargo: { metal: 0, crystal: 0, fuel: 0 },
    departed_at: '2026-11-23T11:00:00Z',
    arrives_at: '2026-11-23T13:00:00Z',
    returns_at: null,
    ...overrides,
  };
}

/** An entry of GET /systems (the list the screens name places from). */
export function systemItem(id: number, name: string) {
  return {
    id,
    name,
    position: { x: id, y: id },
    security: { id: 2, name: 'low' },
    race: { id: 1 },
    connections: [],
    has_own_planet: false,
  };
}
