import type { SimulationSummary } from './simulate';

/** What the simulator's worker sends back: progress after each battle, then the summary. */
export type WorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; summary: SimulationSummary }
  | { type: 'error'; message: string };
