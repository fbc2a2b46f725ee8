import { liveEventSchema } from '@starhold/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from './i18n';
import {
  connectLiveEvents,
  queriesToRefresh,
  type EventSourceLike,
  type LiveEvent,
  type LiveEventsDeps,
} from './live-events';
import type { ToastInput } from './toasts';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(event: LiveEvent) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }
}

function setup(overrides: Partial<LiveEventsDeps> = {}) {
  const sources: FakeSource[] = [];
  const invalidateQueries = vi.fn(async () => {});
  const shown: ToastInput[] = [];
  const i18n = createI18n({ language: 'en' });
  const connection = connectLiveEvents({
    createSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    queryClient: { invalidateQueries },
    notify: (toast) => shown.push(toast),
    translate: (key, params) => i18n.t(key, params),
    raceId: () => 1,
    schema: liveEventSchema,
    random: () => 1,
    baseDelayMs: 1000,
    maxDelayMs: 8000,
    pollIntervalMs: 5000,
    ...overrides,
  });
  const latest = () => sources[sources.length - 1] as FakeSource;
  return { sources, latest, invalidateQueries, shown, connection };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live events: refreshing queries', () => {
  it('refreshes the planet (module lists, resources) and /me when a construction finishes, and toasts it in the language', () => {
    const live = setup();
    live.latest().open();
    live.latest().push({ kind: 'construction_finished', planet_id: 4, type_id: 1, module_id: 1, level: 3 });

    expect(live.invalidateQueries).toHaveBeenCalledWith({ queryKey: ['me', 'planet'] });
    expect(live.invalidateQueries).toHaveBeenCalledWith({ queryKey: ['me'], exact: true });
    expect(live.shown).toEqual([
      { type: 'success', title: 'Construction finished', message: 'Metal mine reached level 3.' },
    ]);
    live.connection.stop();
  });

  it('refreshes the emails and the unread count on a new email, and commandants on an expiry', () => {
    expect(queriesToRefresh({ kind: 'email_received', count: 2 })).toEqual([
      { queryKey: ['me', 'emails'] },
      { queryKey: ['me'], exact: true },
    ]);
    expect(queriesToRefresh({ kind: 'commandant_expired', commandant_id: 1 })).toEqual([
      { queryKey: ['me', 'commandants'] },
      { queryKey: ['me', 'planet'] },
      { queryKey: ['me'], exact: true },
    ]);
    expect(
      queriesToRefresh({ kind: 'units_delivered', planet_id: 1, type_id: 3, module_id: 2, count: 5 }),
    ).toEqual([{ queryKey: ['me', 'planet'] }, { queryKey: ['me'], exact: true }]);
  });

  it('toasts in French with the French module names', () => {
    const i18n = createI18n({ language: 'fr' });
    const live = setup({ translate: (key, params) => i18n.t(key, params) });
    live.latest().open();
    live.latest().push({ kind: 'email_received', count: 2 });
    expect(live.shown[0]).toMatchObject({
      type: 'info',
      title: 'Nouvel email',
      message: 'Vous avez 2 nouveaux emails.',
    });
    live.connection.stop();
  });

  it('warns of a dropped construction with its reason, in the language', () => {
    const dropped = (reason: string): LiveEvent => ({
      kind: 'construction_dropped',
      planet_id: 1,
      type_id: 1,
      module_id: 1,
      level: 3,
      reason,
    });
    const fr = createI18n({ language: 'fr' });
    const live = setup({ translate: (key, params) => fr.t(key, params) });
    live.latest().open();
    live.latest().push(dropped('INSUFFICIENT_RESOURCES'));
    live.latest().push(dropped('CAPACITY_FULL'));
    live.latest().push(dropped('A_NEWER_REASON'));
    const mine = fr.t('modules:factories.1.name');
    expect(live.shown[0]).toEqual({
      type: 'warning',
      title: 'Construction abandonnée',
      message: `${mine} niveau 3 n'a pas pu démarrer et a quitté la file. Vous n'avez pas assez de ressources.`,
    });
    expect(live.shown[1]?.message).toContain("La planète n'a plus de place");
    expect(live.shown[2]).toMatchObject({
      type: 'warning',
      message: `${mine} niveau 3 n'a pas pu démarrer et a quitté la file.`,
    });
    live.connection.stop();
  });

  it('ignores data that is not an event', () => {
    const live = setup();
    live.latest().open();
    live.latest().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(live.invalidateQueries).not.toHaveBeenCalled();
    expect(live.shown).toEqual([]);
    live.connection.stop();
  });
});

describe('live events: fleets', () => {
  const FLEETS = { queryKey: ['me', 'fleets'] };
  const PLANET = { queryKey: ['me', 'planet'] };
  const ME = { queryKey: ['me'], exact: true };
  const departed: LiveEvent = {
    kind: 'hostile_fleet_departed',
    fleet_id: 4,
    mission: 3,
    system_id: 12,
    orbit: 2,
    arrives_at: '2026-11-24T06:00:00.000Z',
  };

  it('refreshes the fleet list (page and header badge) on every fleet event, the planet where it changed', () => {
    expect(queriesToRefresh(departed)).toEqual([FLEETS]);
    expect(queriesToRefresh({ kind: 'fleet_spied_on', fleet_id: 4, planet_id: 1, detected: true })).toEqual([
      FLEETS,
    ]);
    for (const event of [
      { kind: 'fleet_arrived', fleet_id: 4, owner_id: 7, notice: 'transport_delivered' },
      { kind: 'fleet_returned', fleet_id: 4, planet_id: 1 },
      { kind: 'fleet_combat', fleet_id: 4, owner_id: 7, defending: true, pirates: false, winner: 'attacker' },
    ] as const)
      expect(queriesToRefresh(event)).toEqual([FLEETS, PLANET, ME]);
    expect(queriesToRefresh({ kind: 'colony_founded', fleet_id: 4, planet_id: 9 })).toEqual([
      FLEETS,
      { queryKey: ['me', 'planets'] },
      PLANET,
      ME,
    ]);
  });

  it('warns of a hostile departure with the target, and tells each side of a combat its outcome', () => {
    const live = setup({ accountId: () => 7 });
    live.latest().open();
    live.latest().push(departed);
    live.latest().push({ ...departed, mission: 4 });
    const combat = { kind: 'fleet_combat', fleet_id: 4, owner_id: 7 } as const;
    live.latest().push({ ...combat, defending: false, pirates: false, winner: 'attacker' });
    live.latest().push({ ...combat, defending: true, pirates: false, winner: 'attacker' });
    live.latest().push({ ...combat, defending: true, pirates: true, winner: 'defender' });
    live.latest().push({ ...combat, defending: true, pirates: false, winner: 'draw' });
    expect(live.invalidateQueries).toHaveBeenCalledWith(FLEETS);
    expect(live.shown).toEqual([
      {
        type: 'warning',
        title: 'Hostile fleet on its way',
        message: 'An attack fleet is heading for your planet in system 12, orbit 2.',
      },
      {
        type: 'warning',
        title: 'Hostile fleet on its way',
        message: 'Spy probes are heading for your planet in system 12, orbit 2.',
      },
      { type: 'success', title: 'Attack fought', message: 'Victory: the combat report is in your emails.' },
      {
        type: 'error',
        title: 'Your planet was attacked',
        message: 'Defeat: the combat report is in your emails.',
      },
      { type: 'success', title: 'Pirate ambush', message: 'Victory: the combat report is in your emails.' },
      {
        type: 'warning',
        title: 'Your planet was attacked',
        message: 'Draw: the combat report is in your emails.',
      },
    ]);
    live.connection.stop();
  });

  it("tells a transport's sender and recipient apart", () => {
    const live = setup({ accountId: () => 8 });
    live.latest().open();
    const arrived = { kind: 'fleet_arrived', fleet_id: 4, notice: 'transport_delivered' } as const;
    live.latest().push({ ...arrived, owner_id: 8 });
    live.latest().push({ ...arrived, owner_id: 7 });
    expect(live.shown.map((toast) => toast.message)).toEqual([
      'Your transport delivered its cargo.',
      'A transport from another player delivered resources to your planet.',
    ]);
    live.connection.stop();
  });

  for (const language of ['fr', 'en'] as const) {
    it(`has a text for every fleet event and outcome, never a translation key (${language})`, () => {
      const i18n = createI18n({ language });
      const live = setup({ translate: (key, params) => i18n.t(key, params), accountId: () => 8 });
      live.latest().open();
      const events: LiveEvent[] = [
        departed,
        { ...departed, mission: 4 },
        ...['transport_delivered', 'spy_report', 'debris_collected', 'colonization_failed', 'newer'].flatMap(
          (notice) =>
            [7, 8].map((owner) => ({ kind: 'fleet_arrived', fleet_id: 4, owner_id: owner, notice }) as const),
        ),
        { kind: 'fleet_returned', fleet_id: 4, planet_id: 1 },
        ...(['attacker', 'defender', 'draw'] as const).flatMap((winner) =>
          [
            [false, false],
            [true, false],
            [true, true],
          ].map(
            ([defending, pirates]) =>
              ({
                kind: 'fleet_combat',
                fleet_id: 4,
                owner_id: 8,
                defending: defending === true,
                pirates: pirates === true,
                winner,
              }) as const,
          ),
        ),
        { kind: 'fleet_spied_on', fleet_id: 4, planet_id: 1, detected: true },
        { kind: 'fleet_spied_on', fleet_id: 4, planet_id: 1, detected: false },
        { kind: 'colony_founded', fleet_id: 4, planet_id: 9 },
      ];
      for (const event of events) live.latest().push(event);
      expect(live.shown).toHaveLength(events.length);
      for (const toast of live.shown) {
        expect(`${toast.title} ${toast.message}`).not.toMatch(/\b[a-z_]+[.:][a-z0-9_]+(\.[a-z0-9_]+)*\b/i);
        expect(toast.message.length).toBeGreaterThan(10);
      }
      live.connection.stop();
    });
  }
});

describe('live events: when the stream drops', () => {
  it('polls the player data while down and reconnects with a doubling delay', () => {
    const live = setup();
    live.latest().open();
    live.latest().fail();
    expect(live.sources[0]?.closed).toBe(true);
    expect(live.connection.state()).toBe('down');

    vi.advanceTimersByTime(999);
    expect(live.sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(live.sources).toHaveLength(2);

    live.latest().fail();
    vi.advanceTimersByTime(1999);
    expect(live.sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(live.sources).toHaveLength(3);

    live.latest().fail();
    vi.advanceTimersByTime(5000);
    // Polling refreshes everything under /me while there is no stream.
    expect(live.invalidateQueries).toHaveBeenCalledWith({ queryKey: ['me'] });
    live.connection.stop();
  });

  it('caps the delay, stops polling once connected again and refreshes once for the missed events', () => {
    const live = setup();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      live.latest().fail();
      vi.advanceTimersByTime(8000);
    }
    expect(live.sources).toHaveLength(7);
    live.latest().open();
    expect(live.connection.state()).toBe('open');
    expect(live.invalidateQueries).toHaveBeenLastCalledWith({ queryKey: ['me'] });

    live.invalidateQueries.mockClear();
    vi.advanceTimersByTime(60_000);
    expect(live.invalidateQueries).not.toHaveBeenCalled();
    live.connection.stop();
  });

  it('closes the stream and reconnects no more once stopped', () => {
    const live = setup();
    live.latest().open();
    live.connection.stop();
    expect(live.latest().closed).toBe(true);
    live.latest().fail();
    vi.advanceTimersByTime(60_000);
    expect(live.sources).toHaveLength(1);
  });
});

describe('live events: toast texts', () => {
  const dottedKey = /\b[a-z_]+[.:][a-z0-9_]+(\.[a-z0-9_]+)*\b/i;
  const planetEvents = (typeId: number, moduleId: number): LiveEvent[] => [
    { kind: 'construction_finished', planet_id: 1, type_id: typeId, module_id: moduleId, level: 2 },
    {
      kind: 'construction_dropped',
      planet_id: 1,
      type_id: typeId,
      module_id: moduleId,
      level: 2,
      reason: 'x',
    },
    { kind: 'units_delivered', planet_id: 1, type_id: typeId, module_id: moduleId, count: 3 },
  ];
  const kinds = { 1: 'factories', 2: 'buildings', 3: 'ships', 4: 'defenses', 5: 'researchs' } as const;

  for (const language of ['fr', 'en'] as const) {
    for (const raceId of [1, 2]) {
      it(`names every module and never shows a translation key (${language}, race ${raceId})`, () => {
        const i18n = createI18n({ language });
        const live = setup({ translate: (key, params) => i18n.t(key, params), raceId: () => raceId });
        live.latest().open();
        const expected: string[] = [];
        for (const [typeId, kind] of Object.entries(kinds)) {
          const names = i18n.getResourceBundle(language, 'modules') as Record<
            string,
            Record<string, { name?: string } | Record<string, { name: string }>>
          >;
          const entries = kind === 'buildings' ? names.buildings?.[raceId] : names[kind];
          for (const [moduleId, texts] of Object.entries(entries ?? {})) {
            const name = (texts as { name: string }).name;
            const events =
              kind === 'researchs'
                ? [
                    {
                      kind: 'research_finished',
                      planet_id: 1,
                      module_id: Number(moduleId),
                      level: 2,
                    } as const,
                  ]
                : planetEvents(Number(typeId), Number(moduleId));
            for (const event of events) {
              live.latest().push(event);
              expected.push(name);
            }
          }
        }
        live.latest().push({ kind: 'email_received', count: 1 });
        live.latest().push({ kind: 'commandant_expired', commandant_id: 1 });
        expect(live.shown).toHaveLength(expected.length + 2);
        live.shown.slice(0, expected.length).forEach((toast, index) => {
          expect(toast.message).toContain(expected[index]);
        });
        for (const toast of live.shown) {
          expect(`${toast.title} ${toast.message}`).not.toMatch(dottedKey);
        }
        live.connection.stop();
      });
    }
  }
});
