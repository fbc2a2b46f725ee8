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
    expect(emailTexts({ title: 'fleet_returned', params: '{}' }, context('fr'))).toEqual({
      title: 'Fleet returned',
      text: '',
    });
    expect(humanizeKey('metal_mine')).toBe('Metal mine');
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
