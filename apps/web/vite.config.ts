import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from './build/precompress.ts';

// The displayed version is the product's, kept in the root package.json.
const rootPackage = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
) as { version: string };

/**
 * The dashboard is the landing page (a login also lands there), and its chunk was only requested
 * once the entry had run and GET /me had answered. Preloading it from index.html fetches it with
 * the entry's own chunks.
 */
function preloadLandingScreen(entrySuffix: string): Plugin {
  return {
    name: 'starhold-preload-landing-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(entrySuffix));
        if (!landing) throw new Error(`No chunk for ${entrySuffix}`);
        const scripts = [landing.fileName, ...landing.imports].filter((file) => !html.includes(`/${file}"`));
        // Vite's loader waits for a lazy chunk's stylesheets before handing the module over; it
        // skips those already linked, so linking them here removes that wait too.
        const styles = [landing.fileName, ...landing.imports]
          .flatMap((file) => {
            const output = bundle[file];
            return output?.type === 'chunk' ? [...(output.viteMetadata?.importedCss ?? [])] : [];
          })
          .filter((file) => !html.includes(`/${file}"`));
        const link = (rel: string, file: string) => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        });
        return {
          html,
          tags: [
            ...scripts.map((file) => link('modulepreload', file)),
            ...styles.map((file) => link('stylesheet', file)),
          ],
        };
      },
    },
  };
}

/**
 * Writes `.br` and `.gz` copies next to the built files once they are on disk (public files
 * included), which the server sends to browsers that accept them (apps/server/src/http/web-app.ts).
 */
function precompress(): Plugin {
  return {
    name: 'starhold-precompress',
    apply: 'build',
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (!options.dir) return;
        const result = await precompressDir(options.dir);
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
        this.info(
          `precompressed ${result.files.length} files: ${kib(result.bytes)} -> br ${kib(result.brBytes)}, gzip ${kib(result.gzBytes)}`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadLandingScreen('/src/features/dashboard/index.ts'), precompress()],
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // The contract's modules only declare constants and zod schemas: marked side-effect free, a
      // chunk that imports the error catalogue or a constant does not also build every schema of
      // the contract (zod's schema construction cost ~50 ms before the first render).
      treeshake: { moduleSideEffects: [{ test: /packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // No Mantine group: one chunk of every component any screen uses put ~20 KiB (gzip) of
            // unused components in the first visit; each screen's components now come with it.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            {
              name: 'i18n',
              test: /node_modules[\\/](i18next|react-i18next|i18next-browser-languagedetector)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
