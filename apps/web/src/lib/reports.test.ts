import { describe, expect, it } from 'vitest';
import { dispatchPath, readReport, simulatorPath, unitTracks, type CombatReport } from './reports';

const side = (before: number, after: number, kind: 'ship' | 'defense' = 'ship', id = 1) => ({
  units_before: [{ kind, id, count: before }],
  units_after: after === 0 ? [] : [{ kind, id, count: after }],
  shots: before,
  damage_dealt: 10,
  damage_absorbed: 1,
});

describe('readReport', () => {
  it.each([
    ['not an object', null],
    ['an array', []],
    ['an unknown kind', { kind: 'trade' }],
  ])('reads %s as no report', (_, data) => {
    expect(readReport(data)).toBeNull();
  });

  it('reads a combat report, a field of the wrong shape as empty', () => {
    const report = readReport({
      kind: 'combat',
      attacker_id: null,
      defender_id: 2,
      system_id: 5,
      orbit: null,
      winner: 'nonsense',
      rounds: [{ round: 1, attacker: side(3, 2), defender: 'broken' }],
      attacker_losses: { metal: 5 },
      debris: 'none',
      rebuilt_defenses: [{ id: 1, count: 2 }, { count: 4 }],
    });
    expect(report).toMatchObject({
      kind: 'combat',
      attacker_id: null,
      orbit: null,
      winner: 'draw',
      attacker_losses: { metal: 5, crystal: 0, fuel: 0 },
      debris: { metal: 0, crystal: 0 },
      rebuilt_defenses: [{ id: 1, count: 2 }],
    });
    expect((report as CombatReport).rounds[0]?.defender.units_before).toEqual([]);
  });

  it('keeps what a spy report did not reveal absent, and what it revealed as empty lists', () => {
    const low = readReport({ kind: 'spy', system_id: 5, orbit: 2, score: 1, resources: { metal: 9 } });
    expect(low).not.toHaveProperty('ships');
    expect(low).not.toHaveProperty('research');
    const high = readReport({
      kind: 'spy',
      score: 9,
      ships: [],
      research: { '11': 3, x: 2 },
      detected: true,
    });
    expect(high).toMatchObject({ ships: [], research: { 11: 3 }, detected: true });
  });
});

describe('unitTracks', () => {
  it('follows each unit of a side from before the first round to after the last, 0 once destroyed', () => {
    const report = readReport({
      kind: 'combat',
      winner: 'attacker',
      rounds: [
        { round: 1, attacker: side(10, 8), defender: side(4, 1, 'defense', 2) },
        { round: 2, attacker: side(8, 8), defender: side(1, 0, 'defense', 2) },
      ],
    }) as CombatReport;
    expect(unitTracks(report, 'attacker')).toEqual([{ kind: 'ship', id: 1, counts: [10, 8, 8] }]);
    expect(unitTracks(report, 'defender')).toEqual([{ kind: 'defense', id: 2, counts: [4, 1, 0] }]);
  });
});

describe('links from a report', () => {
  it('opens the system screen on the orbit with the mission, or the simulator with the report', () => {
    expect(dispatchPath(12, 3, 'spy')).toBe('/systems/12?orbit=3&action=spy');
    expect(simulatorPath(70)).toBe('/simulator?report=70');
  });
});
