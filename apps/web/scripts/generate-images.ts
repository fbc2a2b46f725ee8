/**
 * Draws the game's pictures as SVG and renders them to PNG (JPEG for the default character) with
 * the system Chromium, into apps/web/public/images/<folder>/<id>.png. Deterministic: run again
 * after changing a drawing and commit the outputs.
 *   npx tsx apps/web/scripts/generate-images.ts
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const SIZE = 256;
const outDir = fileURLToPath(new URL('../public/images', import.meta.url));

/** Small deterministic generator so that every picture's stars differ but never change. */
function seeded(seed: number): () => number {
  let state = (seed * 2654435761) % 4294967296;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function stars(seed: number, count = 40): string {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const r = random() * 1.3 + 0.3;
    return `<circle cx="${(random() * SIZE).toFixed(1)}" cy="${(random() * SIZE).toFixed(1)}" r="${r.toFixed(2)}" fill="#fff" opacity="${(random() * 0.6 + 0.2).toFixed(2)}"/>`;
  }).join('');
}

function frame(seed: number, hue: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="75%">
      <stop offset="0" stop-color="hsl(${hue} 55% 24%)"/>
      <stop offset="0.6" stop-color="hsl(${hue + 20} 50% 10%)"/>
      <stop offset="1" stop-color="#05060b"/>
    </radialGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#dfe6ee"/><stop offset="1" stop-color="#6b7785"/>
    </linearGradient>
    <linearGradient id="accent" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue} 90% 70%)"/><stop offset="1" stop-color="hsl(${hue + 30} 80% 45%)"/>
    </linearGradient>
    <linearGradient id="organic" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#b6e36b"/><stop offset="1" stop-color="#3f6b1f"/>
    </linearGradient>
    <filter id="glow"><feGaussianBlur stdDeviation="4" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
  </defs>
  <rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>
  ${stars(seed)}
  ${body}
</svg>`;
}

const ground = (color = '#2a2f3a') =>
  `<ellipse cx="128" cy="222" rx="120" ry="30" fill="${color}"/><ellipse cx="128" cy="216" rx="110" ry="22" fill="#3a4150"/>`;

const factories: Record<number, string> = {
  1: frame(
    11,
    25,
    `${ground()}
    <polygon points="98,210 128,60 158,210" fill="none" stroke="url(#metal)" stroke-width="8"/>
    <line x1="108" y1="160" x2="148" y2="160" stroke="#9aa5b1" stroke-width="5"/><line x1="116" y1="120" x2="140" y2="120" stroke="#9aa5b1" stroke-width="5"/>
    <rect x="60" y="176" width="48" height="34" rx="4" fill="url(#metal)"/><rect x="150" y="186" width="56" height="24" rx="4" fill="#8a94a0"/>
    <circle cx="128" cy="60" r="10" fill="url(#accent)" filter="url(#glow)"/>
    <path d="M160 196 l18 -10 l14 8 l-10 12z" fill="#c47a3a"/><path d="M40 206 l14 -12 l12 6 l-8 10z" fill="#a7653a"/>`,
  ),
  2: frame(
    12,
    215,
    `${ground('#1f2636')}
    <polygon points="128,40 152,120 128,200 104,120" fill="url(#accent)" filter="url(#glow)" opacity="0.95"/>
    <polygon points="80,100 96,150 80,204 64,150" fill="hsl(255 80% 70%)" opacity="0.85"/>
    <polygon points="178,90 196,146 178,206 160,146" fill="hsl(190 85% 65%)" opacity="0.85"/>
    <polygon points="128,40 152,120 128,120" fill="#fff" opacity="0.35"/>
    <rect x="40" y="196" width="176" height="14" rx="6" fill="url(#metal)"/>`,
  ),
  3: frame(
    13,
    100,
    `${ground('#262b22')}
    <rect x="50" y="100" width="50" height="110" rx="22" fill="url(#metal)"/><rect x="110" y="80" width="56" height="130" rx="26" fill="url(#metal)"/>
    <rect x="176" y="120" width="40" height="90" rx="18" fill="#8a94a0"/>
    <rect x="58" y="140" width="34" height="10" fill="url(#accent)"/><rect x="118" y="120" width="40" height="12" fill="url(#accent)"/>
    <path d="M196 120 q-12 -30 0 -56 q12 26 0 56z" fill="#ffa94d" filter="url(#glow)"/>
    <line x1="100" y1="180" x2="110" y2="180" stroke="#ced4da" stroke-width="6"/><line x1="166" y1="180" x2="176" y2="180" stroke="#ced4da" stroke-width="6"/>`,
  ),
};

const resources: Record<number, string> = {
  1: frame(
    21,
    25,
    `<polygon points="58,170 88,110 200,110 170,170" fill="url(#metal)"/><polygon points="58,170 170,170 170,190 58,190" fill="#5c6570"/><polygon points="170,170 200,110 200,130 170,190" fill="#48505a"/>`,
  ),
  2: frame(
    22,
    215,
    `<polygon points="128,48 184,112 128,212 72,112" fill="url(#accent)" filter="url(#glow)"/><polygon points="72,112 184,112 128,48" fill="#fff" opacity="0.3"/><line x1="72" y1="112" x2="184" y2="112" stroke="#fff" opacity="0.5"/>`,
  ),
  3: frame(
    23,
    35,
    `<path d="M128 44 C 170 110 190 140 190 166 a62 62 0 0 1 -124 0 c0 -26 20 -56 62 -122z" fill="url(#accent)" filter="url(#glow)"/><path d="M104 150 a30 30 0 0 0 20 40" stroke="#fff" stroke-width="8" fill="none" opacity="0.5"/>`,
  ),
};

const buildings: Record<number, string> = {
  1: frame(
    31,
    205,
    `${ground()}<path d="M58 210 a70 70 0 0 1 140 0z" fill="url(#metal)"/><path d="M86 210 a42 42 0 0 1 84 0z" fill="url(#accent)" opacity="0.6"/>
    <line x1="128" y1="140" x2="128" y2="70" stroke="#ced4da" stroke-width="5"/><circle cx="128" cy="66" r="8" fill="url(#accent)" filter="url(#glow)"/>
    <path d="M100 92 a40 40 0 0 1 56 0" stroke="url(#accent)" stroke-width="4" fill="none"/>`,
  ),
  2: frame(
    32,
    195,
    `${ground()}<rect x="40" y="70" width="14" height="140" fill="url(#metal)"/><rect x="202" y="70" width="14" height="140" fill="url(#metal)"/>
    <rect x="40" y="64" width="176" height="14" fill="url(#metal)"/><line x1="128" y1="78" x2="128" y2="110" stroke="#ced4da" stroke-width="3"/>
    <path d="M70 150 l58 -34 l58 34 l-20 12 h-76z" fill="url(#accent)"/><path d="M98 162 h60 l-8 18 h-44z" fill="#6b7785"/>`,
  ),
  3: frame(
    33,
    265,
    `${ground()}<rect x="70" y="150" width="116" height="60" rx="8" fill="url(#metal)"/><path d="M84 150 a44 44 0 0 1 88 0z" fill="url(#accent)" opacity="0.8"/>
    <path d="M118 70 h20 v30 l22 40 h-64 l22 -40z" fill="none" stroke="#e9ecef" stroke-width="5"/><circle cx="128" cy="128" r="10" fill="hsl(140 80% 60%)" filter="url(#glow)"/>`,
  ),
  4: frame(
    34,
    35,
    `${ground()}<path d="M44 210 v-70 l84 -44 l84 44 v70z" fill="url(#metal)"/><rect x="88" y="150" width="80" height="60" fill="#3a4150"/>
    <line x1="88" y1="166" x2="168" y2="166" stroke="#6b7785" stroke-width="3"/><line x1="88" y1="182" x2="168" y2="182" stroke="#6b7785" stroke-width="3"/><line x1="88" y1="198" x2="168" y2="198" stroke="#6b7785" stroke-width="3"/>
    <rect x="60" y="128" width="20" height="10" fill="url(#accent)"/><rect x="176" y="128" width="20" height="10" fill="url(#accent)"/>`,
  ),
  5: frame(
    35,
    0,
    `${ground()}<rect x="68" y="170" width="120" height="40" rx="6" fill="url(#metal)"/><path d="M92 170 a36 36 0 0 1 72 0z" fill="#8a94a0"/>
    <rect x="120" y="96" width="16" height="70" rx="4" fill="url(#metal)" transform="rotate(35 128 150)"/><circle cx="170" cy="98" r="7" fill="url(#accent)" filter="url(#glow)"/>`,
  ),
};

type ShipRole =
  | 'fighter'
  | 'heavy'
  | 'cruiser'
  | 'battleship'
  | 'bomber'
  | 'probe'
  | 'cargo'
  | 'bigcargo'
  | 'colony'
  | 'recycler';
const ROLES: ShipRole[] = [
  'fighter',
  'heavy',
  'cruiser',
  'battleship',
  'bomber',
  'probe',
  'cargo',
  'bigcargo',
  'colony',
  'recycler',
];
const ROLE_SCALE: Record<ShipRole, number> = {
  fighter: 0.55,
  heavy: 0.65,
  cruiser: 0.8,
  battleship: 1,
  bomber: 0.9,
  probe: 0.35,
  cargo: 0.6,
  bigcargo: 0.85,
  colony: 0.9,
  recycler: 0.8,
};

function humanShip(role: ShipRole): string {
  const hulls: Record<ShipRole, string> = {
    fighter: 'M128 40 L150 150 L200 190 L140 180 L128 210 L116 180 L56 190 L106 150 Z',
    heavy: 'M128 36 L156 140 L212 176 L212 196 L140 186 L128 214 L116 186 L44 196 L44 176 L100 140 Z',
    cruiser: 'M128 30 L150 90 L156 190 L190 210 L66 210 L100 190 L106 90 Z',
    battleship: 'M128 24 L160 80 L168 200 L200 220 L56 220 L88 200 L96 80 Z',
    bomber: 'M128 50 L176 120 L226 150 L176 180 L128 200 L80 180 L30 150 L80 120 Z',
    probe: 'M128 60 L168 128 L128 196 L88 128 Z',
    cargo: 'M92 60 H164 L176 200 H80 Z',
    bigcargo: 'M72 50 H184 L196 210 H60 Z',
    colony: 'M128 34 C 180 60 190 150 160 210 H96 C 66 150 76 60 128 34 Z',
    recycler: 'M96 50 H160 L190 120 L160 210 H96 L66 120 Z',
  };
  const scale = ROLE_SCALE[role];
  return `<g transform="translate(128 128) scale(${scale}) translate(-128 -128)">
    <path d="${hulls[role]}" fill="url(#metal)" stroke="#2b313b" stroke-width="3"/>
    <path d="M128 60 L138 120 L128 150 L118 120 Z" fill="url(#accent)" opacity="0.9"/>
    <circle cx="110" cy="206" r="7" fill="hsl(200 100% 70%)" filter="url(#glow)"/><circle cx="146" cy="206" r="7" fill="hsl(200 100% 70%)" filter="url(#glow)"/>
    ${role === 'recycler' ? '<path d="M100 130 h56 M100 150 h56" stroke="#ffd43b" stroke-width="6"/>' : ''}
    ${role === 'colony' ? '<circle cx="128" cy="130" r="22" fill="hsl(140 60% 45%)" stroke="#e9ecef" stroke-width="3"/>' : ''}
  </g>`;
}

function insectShip(role: ShipRole): string {
  const scale = ROLE_SCALE[role];
  const legs = role === 'probe' ? 2 : role === 'battleship' || role === 'bomber' ? 4 : 3;
  const legPaths = Array.from({ length: legs }, (_, i) => {
    const y = 110 + i * 26;
    return `<path d="M108 ${y} q-40 -10 -60 ${20 + i * 6}" stroke="#6f9c3a" stroke-width="6" fill="none" stroke-linecap="round"/><path d="M148 ${y} q40 -10 60 ${20 + i * 6}" stroke="#6f9c3a" stroke-width="6" fill="none" stroke-linecap="round"/>`;
  }).join('');
  const wide =
    role === 'cargo' || role === 'bigcargo' || role === 'colony' ? 50 : role === 'fighter' ? 26 : 36;
  return `<g transform="translate(128 128) scale(${scale}) translate(-128 -128)">
    ${legPaths}
    <ellipse cx="128" cy="150" rx="${wide}" ry="62" fill="url(#organic)" stroke="#24401a" stroke-width="3"/>
    <ellipse cx="128" cy="78" rx="24" ry="22" fill="url(#organic)" stroke="#24401a" stroke-width="3"/>
    <circle cx="118" cy="74" r="5" fill="#ff6b6b" filter="url(#glow)"/><circle cx="138" cy="74" r="5" fill="#ff6b6b" filter="url(#glow)"/>
    <path d="M128 100 v100 M110 130 h36 M112 160 h32" stroke="#24401a" stroke-width="3" opacity="0.6"/>
  </g>`;
}

const ships: Record<number, string> = {};
ROLES.forEach((role, index) => {
  ships[index + 1] = frame(40 + index, 190 + index * 8, humanShip(role));
  ships[index + 11] = frame(60 + index, 95, insectShip(role));
});

function humanDefense(index: number): string {
  if (index >= 8) {
    const r = index === 8 ? 70 : 92;
    return `${ground()}<path d="M${128 - r} 212 a${r} ${r} 0 0 1 ${2 * r} 0z" fill="hsl(200 100% 65%)" opacity="0.35" stroke="hsl(200 100% 75%)" stroke-width="3" filter="url(#glow)"/><rect x="110" y="196" width="36" height="16" fill="url(#metal)"/>`;
  }
  const barrel = 40 + index * 8;
  return `${ground()}<rect x="84" y="180" width="88" height="30" rx="6" fill="url(#metal)"/><path d="M100 180 a28 28 0 0 1 56 0z" fill="#8a94a0"/>
    <rect x="122" y="${170 - barrel}" width="${12 + index}" height="${barrel}" rx="4" fill="url(#metal)" transform="rotate(30 128 170)"/>
    ${index % 2 === 1 ? `<rect x="138" y="${176 - barrel}" width="8" height="${barrel - 10}" rx="3" fill="#adb5bd" transform="rotate(30 128 170)"/>` : ''}
    <circle cx="128" cy="166" r="8" fill="url(#accent)" filter="url(#glow)"/>`;
}

function insectDefense(index: number): string {
  if (index >= 8) {
    const r = index === 8 ? 70 : 92;
    return `${ground('#1f2a18')}<path d="M${128 - r} 212 a${r} ${r} 0 0 1 ${2 * r} 0z" fill="url(#organic)" opacity="0.55" stroke="#b6e36b" stroke-width="4"/><path d="M${128 - r / 2} 212 a${r / 2} ${r / 2} 0 0 1 ${r} 0" stroke="#24401a" stroke-width="3" fill="none"/>`;
  }
  const height = 50 + index * 10;
  return `${ground('#1f2a18')}<path d="M96 212 C 96 ${200 - height} 160 ${200 - height} 160 212z" fill="url(#organic)" stroke="#24401a" stroke-width="3"/>
    <ellipse cx="128" cy="${212 - height * 0.8}" rx="${12 + index * 2}" ry="10" fill="#ff8787" filter="url(#glow)"/>
    <path d="M108 200 q20 -30 40 0" stroke="#24401a" stroke-width="3" fill="none"/>`;
}

const defenses: Record<number, string> = {};
for (let index = 0; index < 10; index += 1) {
  defenses[index + 1] = frame(80 + index, (index * 36) % 360, humanDefense(index));
  defenses[index + 11] = frame(100 + index, 60 + index * 8, insectDefense(index));
}

/** Research: an emblem per technology family (production, logistics, drives, weapons, protection). */
const RESEARCH_GLYPHS: Record<number, string> = {
  1: '<path d="M96 170 l32 -70 l32 70z" fill="url(#metal)"/><path d="M112 120 l-30 -30 M144 120 l30 -30" stroke="#ffa94d" stroke-width="8" stroke-linecap="round"/>',
  2: '<path d="M128 80 C 150 120 162 136 162 154 a34 34 0 0 1 -68 0 c0 -18 12 -34 34 -74z" fill="#ffa94d"/>',
  3: '<rect x="86" y="100" width="84" height="64" rx="6" fill="url(#metal)"/><path d="M86 120 h84 M128 100 v64" stroke="#3a4150" stroke-width="4"/>',
  4: '<rect x="92" y="92" width="72" height="72" rx="8" fill="#2b313b" stroke="url(#accent)" stroke-width="5"/><path d="M92 110 h-16 M92 128 h-16 M92 146 h-16 M164 110 h16 M164 128 h16 M164 146 h16" stroke="url(#accent)" stroke-width="4"/>',
  5: '<ellipse cx="128" cy="128" rx="52" ry="30" fill="none" stroke="url(#accent)" stroke-width="6"/><circle cx="128" cy="128" r="16" fill="url(#accent)"/>',
  6: '<circle cx="128" cy="128" r="28" fill="hsl(30 80% 60%)"/><ellipse cx="128" cy="128" rx="64" ry="18" fill="none" stroke="#e9ecef" stroke-width="4" transform="rotate(-20 128 128)"/>',
  7: '<path d="M110 90 h36 v60 l-18 30 l-18 -30z" fill="url(#metal)"/><path d="M128 180 q-16 30 0 44 q16 -14 0 -44" fill="#ff922b"/>',
  8: '<path d="M110 84 h36 v66 l-18 24 l-18 -24z" fill="url(#metal)"/><path d="M118 176 h20 l-10 44z" fill="hsl(200 100% 70%)"/>',
  9: '<circle cx="128" cy="128" r="50" fill="none" stroke="url(#accent)" stroke-width="6"/><circle cx="128" cy="128" r="30" fill="none" stroke="url(#accent)" stroke-width="4"/><circle cx="128" cy="128" r="10" fill="#fff"/>',
  10: '<circle cx="128" cy="136" r="34" fill="#495057"/><path d="M150 108 l16 -20" stroke="#ced4da" stroke-width="5"/><circle cx="170" cy="84" r="8" fill="#ff922b"/>',
  11: '<path d="M128 70 v116 M100 100 h56" stroke="url(#metal)" stroke-width="12" stroke-linecap="round"/>',
  12: '<path d="M128 70 l50 18 v40 c0 34 -22 52 -50 64 c-28 -12 -50 -30 -50 -64 v-40z" fill="hsl(200 100% 65%)" opacity="0.7"/>',
  13: '<path d="M128 70 l50 18 v40 c0 34 -22 52 -50 64 c-28 -12 -50 -30 -50 -64 v-40z" fill="url(#metal)"/>',
  14: '<path d="M80 180 l48 -100 l48 100z M104 130 h48" fill="none" stroke="url(#metal)" stroke-width="8"/>',
  15: '<path d="M128 70 C 160 110 170 140 150 176 C 140 150 128 150 128 150 C 128 150 116 150 106 176 C 86 140 96 110 128 70z" fill="#ff6b6b"/>',
  16: '<circle cx="100" cy="128" r="14" fill="url(#metal)"/><circle cx="140" cy="128" r="14" fill="url(#metal)"/><path d="M156 128 h30" stroke="#e9ecef" stroke-width="4"/>',
  17: '<path d="M140 68 l-40 66 h30 l-14 56 l44 -72 h-30z" fill="hsl(190 100% 70%)"/>',
};

const research: Record<number, string> = {};
for (const [id, glyph] of Object.entries(RESEARCH_GLYPHS)) {
  const numeric = Number(id);
  research[numeric] = frame(
    120 + numeric,
    180 + numeric * 9,
    `<circle cx="128" cy="128" r="84" fill="#10131c" stroke="url(#accent)" stroke-width="4" opacity="0.9"/><g filter="url(#glow)">${glyph}</g>`,
  );
}

const defaultCharacter = frame(
  7,
  230,
  `<circle cx="128" cy="104" r="40" fill="#c8b6a6"/><path d="M60 236 c0 -60 30 -86 68 -86 s68 26 68 86z" fill="url(#metal)"/>
  <path d="M88 96 a40 40 0 0 1 80 0 v-10 a40 44 0 0 0 -80 0z" fill="#343a40"/><rect x="96" y="96" width="64" height="16" rx="8" fill="url(#accent)" opacity="0.85"/>`,
);

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE } });
  const folders: Record<string, Record<number, string>> = {
    factories,
    resources,
    buildings,
    ships,
    defenses,
    research,
  };
  for (const [folder, drawings] of Object.entries(folders)) {
    mkdirSync(join(outDir, folder), { recursive: true });
    for (const [id, svg] of Object.entries(drawings)) {
      await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
      await page.screenshot({
        path: join(outDir, folder, `${id}.png`),
        clip: { x: 0, y: 0, width: SIZE, height: SIZE },
      });
    }
  }
  await page.setContent(`<html><body style="margin:0">${defaultCharacter}</body></html>`);
  await page.screenshot({
    path: join(outDir, 'default_character.jpg'),
    type: 'jpeg',
    quality: 85,
    clip: { x: 0, y: 0, width: SIZE, height: SIZE },
  });
  await browser.close();
}

await main();
