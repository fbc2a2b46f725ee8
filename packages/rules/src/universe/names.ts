import type { Random } from './random.js';

const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'z',
  'br',
  'dr',
  'kr',
  'tr',
  'th',
  'sh',
  'ph',
  'st',
  'x',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ae', 'ia', 'ou', 'y'];
const CODAS = ['', '', '', 'n', 'r', 's', 'x', 'l', 'th'];

function syllable(random: Random, withCoda: boolean): string {
  return random.pick(ONSETS) + random.pick(VOWELS) + (withCoda ? random.pick(CODAS) : '');
}

/**
 * Two or three open syllables, the last one possibly closed ("Kraeven", "Tiloth"). Duplicates are
 * redrawn; after a few misses a name gets one more syllable, which always leaves plenty of room
 * (24 * 9 = 216 syllables, so over 40,000 two-syllable names).
 */
export function generateNames(count: number, random: Random): string[] {
  const taken = new Set<string>();
  const names: string[] = [];
  while (names.length < count) {
    let syllables = random.chance(0.7) ? 2 : 3;
    let name: string;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0 && attempt % 8 === 0) syllables++;
      name = '';
      for (let s = 0; s < syllables; s++) name += syllable(random, s === syllables - 1);
      if (!taken.has(name)) break;
    }
    taken.add(name);
    names.push(name.charAt(0).toUpperCase() + name.slice(1));
  }
  return names;
}
