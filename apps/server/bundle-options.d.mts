import type { BuildOptions } from 'esbuild';

/** The esbuild options of the production bundle (bundle-options.mjs). */
export function serverBundleOptions(): BuildOptions;
