// Production bundle: one file per entry (bundle-options.mjs says what is bundled and what is not).
import { build } from 'esbuild';
import { serverBundleOptions } from './bundle-options.mjs';

await build({
  ...serverBundleOptions(),
  entryPoints: { main: 'src/main.ts', admin: 'src/admin.ts', worker: 'src/worker.ts' },
  outdir: 'dist',
  logLevel: 'info',
});
