import { mkdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { serverBundleOptions } from '../../apps/server/bundle-options.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles `entry` (a path from the repository's root) with the server's own esbuild options
 * (apps/server/bundle-options.mjs), and imports it. A bench that runs the server in its own
 * process (to hold its clock, or call the scheduler's loop) then measures the code `npm start`
 * runs: under tsx every module is compiled apart and keeps its functions' names, which costs a
 * `defineProperty` for each closure made on the hot paths (3 % of the arrivals' time in a CPU
 * profile). The bundle goes to bench/.build (not committed), where node_modules is found for the
 * dependencies it leaves out.
 */
export async function importBundled<T>(entry: string, name: string): Promise<T> {
  const outdir = `${ROOT}/bench/.build`;
  mkdirSync(outdir, { recursive: true });
  const outfile = `${outdir}/${name}.mjs`;
  await build({
    ...serverBundleOptions(),
    entryPoints: [`${ROOT}/${entry}`],
    outfile,
    logLevel: 'warning',
  });
  return (await import(pathToFileURL(outfile).href)) as T;
}
