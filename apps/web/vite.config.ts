import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mantineUseId } from './build/mantine-use-id.ts';
import { precompressDir } from './build/precompress.ts';

// The displayed version is the product's, kept in the root package.json.
const rootPackage = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
) as { version: string };

type Bundle = Parameters<Extract<NonNullable<Plugin['generateBundle']>, (...args: never[]) => unknown>>[1];

/**
 * A chunk and every chunk it imports statically, however deep, in load order; and their
 * stylesheets. A modulepreload fetches one file: Chromium does not follow its imports, so a chunk
 * two imports away (the dashboard's goals, their schemas) was only requested once its importer
 * had arrived and been parsed.
 */
function chunkClosure(bundle: Bundle, fileName: string): { scripts: string[]; styles: string[] } {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (file: string) => {
    const output = bundle[file];
    if (output?.type !== 'chunk' || scripts.includes(file)) return;
    scripts.push(file);
    for (const css of output.viteMetadata?.importedCss ?? []) styles.add(css);
    output.imports.forEach(visit);
  };
  visit(fileName);
  return { scripts, styles: [...styles] };
}

function screenChunk(bundle: Bundle, entrySuffix: string) {
  const chunk = Object.values(bundle).find(
    (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(entrySuffix),
  );
  if (!chunk) throw new Error(`No chunk for ${entrySuffix}`);
  return chunk.fileName;
}

/**
 * The dashboard is the landing page (a login also lands there), and its chunk was only requested
 * once the entry had run and GET /me had answered; the star map's likewise. index.html's early
 * script, which knows the path, preloads the starting screen's chunk and everything it imports
 * with the entry's own files: the lists are written into it here. (As static links, the
 * dashboard's were fetched on every path, ahead of the map's files and of GET /me.) The
 * dashboard's stylesheets stay linked statically, so that they hold the first frame back.
 */
function preloadScreens({
  landing,
  map,
  locales,
}: {
  landing: string;
  map: string;
  locales: Record<'fr' | 'en', string>;
}): Plugin {
  return {
    name: 'starhold-preload-screens',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        // Those index.html links anyway (the entry's imports) are left out.
        const unlinked = (files: string[]) => files.filter((file) => !html.includes(`/${file}"`));
        const href = (file: string) => `/${file}`;
        const landingFiles = chunkClosure(bundle, screenChunk(bundle, landing));
        // zod and the contract's schemas cost the first render ~20 ms of evaluation: the
        // dashboard's calls parse with schemas loaded on first use (lib/lazy-schemas.ts).
        const withZod = landingFiles.scripts.filter((file) => {
          const output = bundle[file];
          return output?.type === 'chunk' && output.moduleIds.some((id) => id.includes('/node_modules/zod/'));
        });
        if (withZod.length > 0)
          throw new Error(
            `zod is on the dashboard's first path (${withZod.join(', ')}): load its schemas lazily`,
          );
        const mapFiles = chunkClosure(bundle, screenChunk(bundle, map));
        const placeholder =
          /\{ dashboard: \[\], map: \[\], mapStyles: \[\], locales: \{\} \};? \/\* starhold:screen-files \*\//;
        if (!placeholder.test(html)) throw new Error('index.html lacks the screen files placeholder');
        const files = {
          dashboard: unlinked(landingFiles.scripts).map(href),
          map: unlinked(mapFiles.scripts).map(href),
          mapStyles: unlinked(mapFiles.styles).map(href),
          // Each language's texts (preloaded on every path: every screen has texts).
          locales: Object.fromEntries(
            Object.entries(locales).map(([language, module]) => [
              language,
              unlinked(chunkClosure(bundle, screenChunk(bundle, module)).scripts).map(href),
            ]),
          ),
        };
        return {
          html: html.replace(placeholder, `${JSON.stringify(files)};`),
          // Vite's loader waits for a lazy chunk's stylesheets before handing the module over; it
          // skips those already linked, so linking them here removes that wait too.
          tags: unlinked(landingFiles.styles).map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: href(file) },
            injectTo: 'head' as const,
          })),
        };
      },
    },
  };
}

/**
 * The app imports Mantine's stylesheets component by component (src/styles/mantine.css). A
 * component whose classes are in the built code while its stylesheet is not in the built CSS
 * would render unstyled: the build stops and names the stylesheet to add.
 */
function mantineStylesCheck(): Plugin {
  return {
    name: 'starhold-mantine-styles-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const stylesDir = join(
        dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
        'styles',
      );
      const classesOf = (text: string) => new Set(text.match(/m_[0-9a-f]{8}/g) ?? []);
      const outputs = Object.values(bundle);
      const used = classesOf(
        outputs.map((output) => (output.type === 'chunk' ? output.code : '')).join('\n'),
      );
      const styled = classesOf(
        outputs
          .map((output) =>
            output.type === 'asset' && output.fileName.endsWith('.css') ? String(output.source) : '',
          )
          .join('\n'),
      );
      const missing = readdirSync(stylesDir)
        .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
        .filter((file) => {
          const classes = [...classesOf(readFileSync(join(stylesDir, file), 'utf8'))];
          return classes.some((name) => used.has(name)) && !classes.some((name) => styled.has(name));
        });
      if (missing.length > 0)
        this.error(
          `Mantine components without their styles: add ${missing.map((file) => `@mantine/core/styles/${file}`).join(', ')} to src/styles/mantine.css`,
        );
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
  plugins: [
    react(),
    preloadScreens({
      landing: '/src/features/dashboard/index.ts',
      map: '/src/features/systems/index.tsx',
      locales: { fr: '/src/lib/locales-fr.ts', en: '/src/lib/locales-en.ts' },
    }),
    mantineStylesCheck(),
    mantineUseId(),
    precompress(),
  ],
  define: { __APP_VERSION__: JSON.stringify(rootPackage.version) },
  // The locale files as JSON.parse of a string, which parses faster than the same object literal.
  json: { stringify: true },
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
            // Everything else the entry imports statically, in one file: it is all evaluated at the
            // start anyway, and each of the ~10 small shared chunks it was split into took one of
            // HTTP/1.1's six connections ahead of the early GET /me (decision 162).
            { name: 'start', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
