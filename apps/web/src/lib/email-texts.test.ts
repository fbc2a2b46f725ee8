import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import {
  emailTexts,
  filterByTitle,
  humanizeKey,
  parseEmailParams,
  type EmailTextContext,
} from './email-texts';

function context(language: 'fr' | 'en'): EmailTextContext {
  const i18n = createI18n({ language });
  return { t: i18n.t, raceId: 1, formatDate: (iso) => iso.slice(0, 10) };
}

describe('parseEmailParams', () => {
  it('reads a JSON object and treats anything else as no parameters', () => {
    expect(parseEmailParams('{"username":"Nova"}')).toEqual({ username: 'Nova' });
    expect(parseEmailParams('not json')).toEqual({});
    expect(parseEmailParams('[1,2]')).toEqual({});
    expect(parseEmailParams('null')).toEqual({});
    expect(parseEmailParams(undefined)).toEqual({});
  });
});

describe('emailTexts', () => {
  it('fills the welcome title and text with the username from params', () => {
    const texts = emailTexts({ title: 'welcome', params: '{"username":"Nova"}' }, context('fr'));
    expect(texts.title).toBe('Bienvenue dans la flotte, Nova');
    expect(texts.text).toContain('Commandant Nova');
  });

  it('names the module, level, planet and translated reason of a failed construction', () => {
    const params = JSON.stringify({
      construction: { type: 'factory', type_id: 1, module_id: 2, key: 'crystal_mine', level: 4 },
      planet: 'Terra Nova',
      reason: 'INSUFFICIENT_RESOURCES',
    });
    const texts = emailTexts({ title: 'construction_failed', params }, context('en'));
    expect(texts.text).toContain('(level 4) on planet Terra Nova');
    expect(texts.text).toContain('You do not have enough resources');
    expect(texts.title).toMatch(/^Construction stopped: \S/);
  });

  it('translates the commandant and duration of an unlock email', () => {
    const params = JSON.stringify({
      commandant: { id: 1, key: 'geologist' },
      time: 2,
      available_until: '2026-12-01T10:00:00.000Z',
      nmi_spent: 50,
    });
    const texts = emailTexts({ title: 'commandant_unlocked', params }, context('fr'));
    expect(texts.title).toBe('Géologue rejoint votre état-major');
    expect(texts.text).toContain("pour 1 semaine, jusqu'au 2026-12-01");
    expect(texts.text).toContain('50 NMI');
  });

  it('falls back to a readable title for a key the client does not know yet', () => {
    expect(emailTexts({ title: 'fleet_tripled', params: '{}' }, context('fr'))).toEqual({
      title: 'Fleet tripled',
      text: '',
    });
    expect(humanizeKey('metal_mine')).toBe('Metal mine');
  });
});

describe('fleet emails (FLEETS.md section 8)', () => {
  // The params the rules' fleet notices carry (packages/rules/src/fleets), one sample per key.
  const samples: Record<string, Record<string, unknown>> = {
    combat_report: {
      fleet_id: 3,
      mission: 3,
      planet_id: 9,
      winner: 'attacker',
      attacker_id: 1,
      defender_id: 2,
    },
    spy_report: { fleet_id: 3, mission: 4, planet_id: 9, target_id: 2, detected: true },
    spied_on: { fleet_id: 3, mission: 4, planet_id: 9, spy_id: 1, detected: false, probes_destroyed: 0 },
    fleet_returned: { fleet_id: 3, mission: 1, planet_id: 4, metal: 120, crystal: 0, fuel: 7 },
    transport_delivered: { fleet_id: 3, mission: 1, planet_id: 9, metal: 500, crystal: 250, fuel: 0 },
    colonized: { fleet_id: 3, mission: 6, system_id: 12, orbit: 3, planet_id: 40 },
    colonization_failed: { fleet_id: 3, mission: 6, system_id: 12, orbit: 3, reason: 'ORBIT_OCCUPIED' },
    pirate_ambush: { fleet_id: 3, mission: 1, system_id: 33, destroyed: true, cargo_lost: 10 },
    debris_collected: { fleet_id: 3, mission: 5, system_id: 12, orbit: 2, metal: 3000, crystal: 1500 },
  };

  it.each(Object.keys(samples).flatMap((key) => [[key, 'fr'] as const, [key, 'en'] as const]))(
    'renders %s in %s from its params, with no key, placeholder or empty text',
    (key, language) => {
      const texts = emailTexts({ title: key, params: JSON.stringify(samples[key]) }, context(language));
      const i18n = createI18n({ language });
      expect(i18n.exists(`emails:titles.${key}`) && i18n.exists(`emails:bodies.${key}`)).toBe(true);
      expect(texts.text.length).toBeGreaterThan(20);
      for (const part of [texts.title, texts.text]) {
        expect(part).not.toMatch(/\{\{|emails:|errors:|[a-z]+_[a-z]+|\?/);
      }
    },
  );

  it('names the outcome, the place and the amounts', () => {
    const ambush = emailTexts(
      { title: 'pirate_ambush', params: JSON.stringify(samples.pirate_ambush) },
      context('en'),
    );
    expect(ambush.text).toContain('in System 33. The fleet was destroyed.');
    const debris = emailTexts(
      { title: 'debris_collected', params: JSON.stringify(samples.debris_collected) },
      context('fr'),
    );
    expect(debris.text).toContain('3000 métal et 1500 cristal (Système 12 · orbite 2)');
    const failed = emailTexts(
      { title: 'colonization_failed', params: JSON.stringify(samples.colonization_failed) },
      context('en'),
    );
    expect(failed.text).not.toContain('ORBIT_OCCUPIED');
  });
});

describe('fleet emails with the places and players known', () => {
  const known = (language: 'fr' | 'en'): EmailTextContext => ({
    ...context(language),
    systems: new Map([
      [12, { name: 'Sol Prime' }],
      [33, { name: 'Vega' }],
    ]),
    planets: new Map([[9, { name: 'Terra', systemId: 12, orbit: 3 }]]),
    accountName: (id) => (id === 1 ? 'Nova' : id === 2 ? 'Orion' : undefined),
  });
  const text = (title: string, params: Record<string, unknown>, language: 'fr' | 'en' = 'en') =>
    emailTexts({ title, params: JSON.stringify(params) }, known(language)).text;

  it('names systems, own planets and players instead of their ids', () => {
    expect(text('colonized', { system_id: 12, orbit: 3, planet_id: 40 })).toContain(
      'founded at Sol Prime · orbit 3.',
    );
    expect(text('pirate_ambush', { system_id: 33, destroyed: false })).toContain(
      'in Vega. The fleet survived',
    );
    expect(text('spied_on', { planet_id: 9, spy_id: 1, detected: true, probes_destroyed: 2 })).toContain(
      'probes sent by Nova spied on your planet Terra (Sol Prime · orbit 3). The probes were detected.',
    );
    expect(text('combat_report', { winner: 'defender', attacker_id: 1, defender_id: 2 }, 'fr')).toContain(
      "Nova a attaqué Orion. Le défenseur l'emporte.",
    );
    expect(text('spy_report', { planet_id: 9, target_id: 2, detected: false })).toContain(
      'a planet of Orion. The probes went unnoticed.',
    );
    expect(text('fleet_returned', { planet_id: 9, metal: 1, crystal: 2, fuel: 3 }, 'fr')).toContain(
      'rentrée sur votre planète Terra (Sol Prime · orbite 3)',
    );
    // Delivered to another player's planet: the owner by name; an unknown planet without owner stays vague.
    expect(
      text('transport_delivered', { planet_id: 50, to_account_id: 2, metal: 5, crystal: 0, fuel: 0 }),
    ).toContain('delivered to a planet of Orion: 5 metal');
    expect(text('transport_delivered', { planet_id: 50, metal: 5, crystal: 0, fuel: 0 })).toContain(
      'delivered to a planet: 5 metal',
    );
  });

  it('says "another commander" while a player is not known', () => {
    expect(text('spied_on', { planet_id: 9, spy_id: 7, detected: false }, 'fr')).toContain(
      'envoyées par un autre commandant',
    );
  });
});

describe('filterByTitle', () => {
  const emails = [
    { title: 'Recherche terminée : Énergie' },
    { title: 'Bienvenue dans la flotte, Nova' },
    { title: 'Fin de mission : Géologue' },
  ];

  it('keeps titles that contain the query, ignoring case and accents', () => {
    expect(filterByTitle(emails, 'TERMINEE', (e) => e.title)).toEqual([emails[0]]);
    expect(filterByTitle(emails, 'geolo', (e) => e.title)).toEqual([emails[2]]);
    expect(filterByTitle(emails, ' ', (e) => e.title)).toEqual(emails);
    expect(filterByTitle(emails, 'zzz', (e) => e.title)).toEqual([]);
  });
});
