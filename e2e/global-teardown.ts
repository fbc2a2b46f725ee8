import { rmSync } from 'node:fs';

/** The run's database lives in a fresh temporary directory; drop it when the run ends. */
export default function globalTeardown(): void {
  const dataDir = process.env.STARHOLD_E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
