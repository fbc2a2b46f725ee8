import type { WorkerMessage } from './messages';
import type { SimulationSetup } from './setup';
import { simulateBattles } from './simulate';

/** The part of a dedicated worker's global scope used here (the app compiles with the DOM lib). */
interface WorkerScope {
  postMessage: (message: WorkerMessage) => void;
  onmessage: ((event: MessageEvent<SimulationSetup>) => void) | null;
}

// A thin shell: the battles run here so the page stays responsive; the work is simulateBattles.
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  try {
    const summary = simulateBattles(event.data, (done, total) =>
      scope.postMessage({ type: 'progress', done, total }),
    );
    scope.postMessage({ type: 'done', summary });
  } catch (error) {
    scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
