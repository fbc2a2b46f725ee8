import { describe, expect, it } from 'vitest';
import { ArrivalPacer } from '../src/modules/fleets/fleets.arrivals.js';

/** The PostgreSQL arrival chunks run at once, paced by the event loop's lag (decision 204). */
describe('ArrivalPacer', () => {
  it("starts at the dialect's number and keeps it while the loop answers quickly", () => {
    const pacer = new ArrivalPacer(4);
    for (let i = 0; i < 20; i += 1) pacer.observe(0.5);
    expect(pacer.adjust()).toBe(4);
  });

  it('runs fewer chunks at once, one step per chunk started, down to one, while the loop lags', () => {
    const pacer = new ArrivalPacer(4);
    for (let i = 0; i < 20; i += 1) pacer.observe(30);
    expect([pacer.adjust(), pacer.adjust(), pacer.adjust(), pacer.adjust(), pacer.adjust()]).toEqual([
      3, 2, 1, 1, 1,
    ]);
  });

  it('goes back up to, and never past, the most once the lag is gone', () => {
    const pacer = new ArrivalPacer(4);
    for (let i = 0; i < 20; i += 1) pacer.observe(30);
    for (let i = 0; i < 4; i += 1) pacer.adjust();
    for (let i = 0; i < 40; i += 1) pacer.observe(0);
    expect([pacer.adjust(), pacer.adjust(), pacer.adjust(), pacer.adjust()]).toEqual([2, 3, 4, 4]);
  });

  it('keeps its number while the lag is between the two thresholds', () => {
    const pacer = new ArrivalPacer(4);
    for (let i = 0; i < 20; i += 1) pacer.observe(30);
    pacer.adjust();
    for (let i = 0; i < 60; i += 1) pacer.observe(5);
    expect([pacer.adjust(), pacer.adjust()]).toEqual([3, 3]);
  });
});
