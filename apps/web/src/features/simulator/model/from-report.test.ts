import { describe, expect, it } from 'vitest';
import { readReport, type CombatReport, type SpyReport } from '../../../lib/reports';
import { combatResearch, defenderFromSpyReport, sidesFromCombatReport } from './from-report';

const spy = (fields: Record<string, unknown>) =>
  readReport({
    kind: 'spy',
    system_id: 1,
    orbit: 2,
    score: 9,
    resources: { metal: 100, crystal: 20, fuel: 3 },
    ...fields,
  }) as SpyReport;

describe('defenderFromSpyReport', () => {
  it('fills units, the combat research the report revealed and the stock', () => {
    const { side, resources } = defenderFromSpyReport(
      spy({
        ships: [{ id: 12, count: 4 }],
        defenses: [
          { id: 11, count: 7 },
          { id: 13, count: 0 },
        ],
        // 11 weapons, 12 shielding, 5 espionage (no combat effect).
        research: { '11': 3, '12': 2, '5': 8 },
      }),
      1,
    );
    expect(side).toEqual({
      race: 2,
      ships: { 12: 4 },
      defenses: { 11: 7 },
      research: { ...combatResearch(undefined), weapons: 3, shielding: 2 },
    });
    expect(resources).toEqual({ metal: 100, crystal: 20, fuel: 3 });
  });

  it('keeps the fallback race and zero research when the score hid everything', () => {
    const { side } = defenderFromSpyReport(spy({ score: 1 }), 2);
    expect(side).toEqual({ race: 2, ships: {}, defenses: {}, research: combatResearch(undefined) });
  });
});

describe('sidesFromCombatReport', () => {
  const round = (attacker: unknown[], defender: unknown[]) => ({
    round: 1,
    attacker: { units_before: attacker, units_after: [] },
    defender: { units_before: defender, units_after: [] },
  });

  it('takes both sides as they stood before the first round', () => {
    const report = readReport({
      kind: 'combat',
      attacker_id: 1,
      defender_id: 2,
      winner: 'attacker',
      rounds: [
        round(
          [{ kind: 'ship', id: 1, count: 5 }],
          [
            { kind: 'ship', id: 7, count: 1 },
            { kind: 'defense', id: 1, count: 2 },
          ],
        ),
      ],
    }) as CombatReport;
    expect(sidesFromCombatReport(report)).toEqual({
      attacker: { race: 1, ships: { 1: 5 }, defenses: {}, research: combatResearch(undefined) },
      defender: { race: 1, ships: { 7: 1 }, defenses: { 1: 2 }, research: combatResearch(undefined) },
    });
  });

  it('has nothing to fill for a pirate ambush', () => {
    const report = readReport({
      kind: 'combat',
      attacker_id: null,
      defender_id: 2,
      winner: 'defender',
      rounds: [round([{ kind: 'ship', id: 21, count: 5 }], [{ kind: 'ship', id: 1, count: 1 }])],
    }) as CombatReport;
    expect(sidesFromCombatReport(report)).toBe('pirates');
  });

  it('has nothing to fill for an undefended planet (no round fought)', () => {
    const report = readReport({
      kind: 'combat',
      attacker_id: 1,
      defender_id: 2,
      winner: 'attacker',
      rounds: [],
    });
    expect(sidesFromCombatReport(report as CombatReport)).toBe('empty');
  });
});
