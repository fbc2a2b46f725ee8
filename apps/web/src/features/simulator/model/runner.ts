import type { WorkerMessage } from './messages';
import type { SimulationSetup } from './setup';
import type { SimulationSummary } from './simulate';

export interface SimulationRun {
  /** Settles with the summary, or never once cancelled. */
  result: Promise<SimulationSummary>;
  cancel: () => void;
}

/** Starts a simulation; the page takes one so tests can run it without a worker. */
export type SimulationRunner = (
  setup: SimulationSetup,
  onProgress: (done: number, total: number) => void,
) => SimulationRun;

/** Runs the battles in a Web Worker (loaded from the app's origin); cancelling ends the worker. */
export const workerRunner: SimulationRunner = (setup, onProgress) => {
  const worker = new Worker(new URL('./simulator.worker.ts', import.meta.url), { type: 'module' });
  const result = new Promise<SimulationSummary>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress(message.done, message.total);
      else {
        worker.terminate();
        if (message.type === 'done') resolve(message.summary);
        else reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'worker error'));
    };
  });
  worker.postMessage(setup);
  return { result, cancel: () => worker.terminate() };
};
