import { describe, expect, it } from 'vitest';
import { checkForm, emptyForm, readWhole, sideForm, type SimulationSetup, type SimulatorSide } from './setup';
import { simulateBattles } from './simulate';

const research = (level: number): SimulatorSide['research'] => ({
  weapons: level,
  thermal: level,
  kinetic: level,
  explosive: level,
  em: level,
  shielding: level,
  armour: level,
  structural: level,
});

const setup = (overrides: Partial<SimulationSetup> = {}): SimulationSetup => ({
  // 30 light fighters and 5 small cargos against 20 swarm fighters and 10 rocket launchers: a
  // battle whose outcome depends on the draws.
  attacker: { race: 1, ships: { 1: 30, 7: 5 }, defenses: {}, research: research(2) },
  defender: { race: 2, ships: { 11: 20 }, defenses: { 11: 10 }, research: research(2) },
  defenderResources: { metal: 100_000, crystal: 50_000, fuel: 10_000 },
  runs: 20,
  ...overrides,
});

describe('simulateBattles', () => {
  it('gives the same summary for the same setup (the seeds are sim:1 .. sim:N)', () => {
    const first = simulateBattles(setup());
    const second = simulateBattles(setup());
    expect(second).toEqual(first);
    expect(first.wins + first.draws + first.losses).toBe(20);
    // Different seeds do give different battles: the averages are not those of one battle repeated.
    const one = simulateBattles(setup({ runs: 1 }));
    expect(first.attacker.units[0]?.lost).not.toBe(one.attacker.units[0]?.lost);
  });

  it('reports a one-sided battle as a certain win with plunder, debris and no attacker loss', () => {
    const summary = simulateBattles(
      setup({
        attacker: { race: 1, ships: { 4: 200, 8: 10 }, defenses: {}, research: research(10) },
        defender: { race: 1, ships: { 6: 1 }, defenses: { 1: 1 }, research: research(0) },
        runs: 10,
      }),
    );
    expect(summary).toMatchObject({ runs: 10, wins: 10, draws: 0, losses: 0, rounds: 1 });
    expect(summary.attacker.lost).toEqual({ metal: 0, crystal: 0, fuel: 0 });
    // The probe (0 metal, 1,000 crystal) is the only ship destroyed: 30% of its crystal.
    expect(summary.debris).toEqual({ metal: 0, crystal: 300 });
    expect(summary.defender.units).toEqual([
      { kind: 'ship', id: 6, count: 1, lost: 1, rebuilt: 0 },
      expect.objectContaining({ kind: 'defense', id: 1, count: 1, lost: 1 }),
    ]);
    // 200 battleships (1,500) and 10 large cargos (25,000): 550,000 of room, far above half the
    // stock, so the plunder is half of each resource.
    expect(summary.cargo).toBe(550_000);
    expect(summary.plunder).toEqual({ metal: 50_000, crystal: 25_000, fuel: 5_000 });
  });

  it('reports progress after every battle', () => {
    const seen: number[] = [];
    simulateBattles(setup({ runs: 3 }), (done, total) => seen.push(done * 10 + total));
    expect(seen).toEqual([13, 23, 33]);
  });
});

describe('checkForm', () => {
  it('needs a unit on each side before it gives a setup', () => {
    const form = emptyForm(1);
    expect(checkForm(form)).toMatchObject({ setup: null, empty: { attacker: true, defender: true } });
    form.attacker.ships[1] = 5;
    form.defender.defenses[1] = 2;
    const check = checkForm(form);
    expect(check.errors.size).toBe(0);
    expect(check.setup).toMatchObject({
      attacker: { ships: { 1: 5 }, defenses: {} },
      defender: { ships: {}, defenses: { 1: 2 } },
      defenderResources: { metal: 0, crystal: 0, fuel: 0 },
      runs: 50,
    });
  });

  it('ignores the units of the race a side does not use, and the attacker its defenses', () => {
    const form = emptyForm(1);
    form.attacker.ships[11] = 5;
    form.attacker.defenses[1] = 5;
    form.defender.ships[1] = 5;
    expect(checkForm(form).empty).toEqual({ attacker: true, defender: false });
  });

  it('refuses counts, levels and runs out of their limits', () => {
    const form = emptyForm(1);
    form.attacker.ships[1] = 10_000_001;
    form.defender.research.weapons = 31;
    form.runs = 0;
    form.resources.metal = '12a';
    const check = checkForm(form);
    expect([...check.errors.entries()]).toEqual([
      ['attacker.ships.1', 'count'],
      ['defender.research.weapons', 'research'],
      ['resources.metal', 'resource'],
      ['runs', 'runs'],
    ]);
    expect(check.setup).toBeNull();
  });

  it('reads whole numbers only', () => {
    const limits = { min: 0, max: 30 };
    expect(readWhole('', limits)).toBe(0);
    expect(readWhole('', limits, null)).toBeNull();
    expect(readWhole(' 12 ', limits)).toBe(12);
    expect(readWhole(30, limits)).toBe(30);
    expect(readWhole(1.5, limits)).toBeNull();
    expect(readWhole(-1, limits)).toBeNull();
    expect(readWhole('1e3', limits)).toBeNull();
    expect(readWhole(31, limits)).toBeNull();
  });
});

describe('sideForm', () => {
  it('fills a side of the form from numbers (as a spy report will) and reads back the same side', () => {
    const defender: SimulatorSide = {
      race: 2,
      ships: { 11: 12, 14: 3 },
      defenses: { 15: 4 },
      research: { ...research(0), shielding: 5, armour: 7 },
    };
    const form = { ...emptyForm(1), defender: sideForm(defender) };
    form.attacker.ships[1] = 1;
    expect(checkForm(form).setup?.defender).toEqual(defender);
  });
});
