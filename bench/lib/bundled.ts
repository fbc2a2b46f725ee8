import { mkdirSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles `entry` (a path from the repository's root) with esbuild as apps/server/build.mjs
 * bundles the server, and imports it. A bench that runs the server in its own process (to hold
 * its clock, or call the scheduler's loop) then measures the code `npm start` runs: under tsx
 * every module is compiled apart and keeps its functions' names, which costs a
 * `defineProperty` for each closure made on the hot paths (3 % of the arrivals' time in a CPU
 * profile). The bundle goes to bench/.build (not committed), next to node_modules for the
 * dependencies it leaves out, as the server's own bundle does.
 */
export async function importBundled<T>(entry: string, name: string): Promise<T> {
  const pkg = JSON.parse(readFileSync(`${ROOT}/apps/server/package.json`, 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const external = Object.keys(pkg.dependencies ?? {}).filter((dep) => !dep.startsWith('@starhold/'));
  const outdir = `${ROOT}/bench/.build`;
  mkdirSync(outdir, { recursive: true });
  const outfile = `${outdir}/${name}.mjs`;
  await build({
    entryPoints: [`${ROOT}/${entry}`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, ...external.map((dep) => `${dep}/*`)],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return (await import(pathToFileURL(outfile).href)) as T;
}
