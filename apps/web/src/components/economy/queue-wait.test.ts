import type { Construction } from '@starhold/contract';
import { levelCost } from '@starhold/rules';
import { describe, expect, it } from 'vitest';
import { queueWaitSeconds } from './queue-wait';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

function item(
  id: number,
  typeId: number,
  moduleId: number,
  level: number,
  running?: { startedAt: number; endsAt: number },
): Construction {
  return {
    id,
    type_id: typeId,
    module_id: moduleId,
    state: running ? 2 : 1,
    started_at: running ? iso(running.startedAt) : null,
    scheduled_at: running ? iso(running.endsAt) : null,
    scheduled_value: level,
  };
}

/** GAME_RULES 5: (metal + crystal) / (2500 × (1 + command center)) hours, over the game speed. */
function levelSeconds(typeId: 1 | 2, moduleId: number, level: number, commandCenter: number, speed: number) {
  const cost = levelCost(typeId, moduleId, level);
  return Math.max(
    1,
    Math.round((((cost.metal + cost.crystal) / (2500 * (1 + commandCenter))) * 3600) / speed),
  );
}

describe('queueWaitSeconds', () => {
  it('adds what is left of the item in progress and each waiting item by the formula', () => {
    const running = item(1, 1, 1, 3, { startedAt: NOW - 60_000, endsAt: NOW + 90_000 });
    const waiting = [item(2, 1, 2, 2), item(3, 2, 4, 1)];
    const expected = 90 + levelSeconds(1, 2, 2, 1, 2) + levelSeconds(2, 4, 1, 1, 2);
    expect(queueWaitSeconds([running, ...waiting], { 1: 1 }, 2, NOW)).toBe(expected);
  });

  it('times a waiting item after a queued command center level at that level', () => {
    const own = levelSeconds(2, 1, 2, 1, 1);
    const running = item(1, 2, 1, 2, { startedAt: NOW + 10_000 - own * 1000, endsAt: NOW + 10_000 });
    const wait = queueWaitSeconds([running, item(2, 1, 1, 5)], { 1: 1 }, 1, NOW);
    expect(wait).toBe(10 + levelSeconds(1, 1, 5, 2, 1));
  });

  it("carries the architect's reduction read from the item in progress", () => {
    const full = levelSeconds(1, 1, 4, 0, 1);
    const reduced = Math.round(full * 0.8);
    const running = item(1, 1, 1, 4, { startedAt: NOW, endsAt: NOW + reduced * 1000 });
    const next = levelCost(1, 1, 5);
    const nextReduced = Math.round((((next.metal + next.crystal) / 2500) * 3600 * 0.8) / 1);
    expect(queueWaitSeconds([running, item(2, 1, 1, 5)], {}, 1, NOW)).toBe(reduced + nextReduced);
  });

  it('counts an item in progress that is already due as 0, and gives up on what it cannot time', () => {
    const late = item(1, 1, 1, 2, { startedAt: NOW - 5000, endsAt: NOW - 1000 });
    expect(queueWaitSeconds([late], {}, 1, NOW)).toBe(0);
    expect(queueWaitSeconds([item(1, 3, 1, 10)], {}, 1, NOW)).toBeUndefined();
    expect(queueWaitSeconds([{ ...late, scheduled_at: null }], {}, 1, NOW)).toBeUndefined();
  });
});
