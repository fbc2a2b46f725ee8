// The esbuild options of the production bundle, shared by build.mjs and the benches that bundle
// the server themselves (bench/lib/bundled.ts): our sources and workspace packages (@starhold/*,
// TypeScript) in one file per entry; npm dependencies stay external and load from node_modules at
// run time, so a bundle must be written where node_modules can be found from.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@starhold/'));

/** @returns {import('esbuild').BuildOptions} */
export function serverBundleOptions() {
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    // Bundled CommonJS code that calls require() needs one in an ES module.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  };
}
