import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats (and the icon) the server may send compressed. Source maps are not served to players. */
export const COMPRESSIBLE_EXTENSIONS: readonly string[] = [
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.ico',
  '.webmanifest',
];

/** Below this size a compressed copy saves less than the bytes of its own response headers. */
export const MIN_BYTES = 1024;

export interface PrecompressedFile {
  /** Path relative to the directory, with forward slashes. */
  file: string;
  bytes: number;
  /** Size of the `.br` copy, or null when brotli did not make the file smaller. */
  br: number | null;
  /** Size of the `.gz` copy, or null when gzip did not make the file smaller. */
  gz: number | null;
}

export interface PrecompressResult {
  /** The files that got at least one compressed copy. */
  files: PrecompressedFile[];
  /** Compressible files left alone because they are smaller than `MIN_BYTES`. */
  skippedSmall: number;
  bytes: number;
  brBytes: number;
  gzBytes: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      return entry.isFile() ? [path] : [];
    }),
  );
  return nested.flat();
}

/** Writes `compressed` next to the file, or removes a stale copy when compressing did not pay. */
async function writeIfSmaller(path: string, compressed: Buffer, original: number): Promise<number | null> {
  if (compressed.length < original) {
    await writeFile(path, compressed);
    return compressed.length;
  }
  await rm(path, { force: true });
  return null;
}

/**
 * Writes a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) copy next to every compressible
 * file of `dir` (recursively) of at least `MIN_BYTES`, each only when it is smaller than the file,
 * so that the server sends them as they are instead of compressing at every request. Running it
 * again rewrites the same copies (compressed copies are never compressed themselves).
 */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const candidates = (await listFiles(dir)).filter((path) =>
    COMPRESSIBLE_EXTENSIONS.includes(extname(path).toLowerCase()),
  );
  let skippedSmall = 0;
  // zlib's asynchronous calls run on the thread pool: the files compress in parallel.
  const results = await Promise.all(
    candidates.map(async (path): Promise<PrecompressedFile | null> => {
      const extension = extname(path).toLowerCase();
      const source = await readFile(path);
      if (source.length < MIN_BYTES) {
        skippedSmall += 1;
        // A copy left by an earlier run over a larger version of the file would be served instead.
        await Promise.all([rm(`${path}.br`, { force: true }), rm(`${path}.gz`, { force: true })]);
        return null;
      }
      const [brCopy, gzCopy] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            [constants.BROTLI_PARAM_MODE]:
              extension === '.ico' ? constants.BROTLI_MODE_GENERIC : constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      const br = await writeIfSmaller(`${path}.br`, brCopy, source.length);
      const gz = await writeIfSmaller(`${path}.gz`, gzCopy, source.length);
      if (br === null && gz === null) return null;
      return { file: relative(dir, path).split(sep).join('/'), bytes: source.length, br, gz };
    }),
  );
  const files = results
    .filter((file): file is PrecompressedFile => file !== null)
    .sort((a, b) => a.file.localeCompare(b.file));
  return {
    files,
    skippedSmall,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    brBytes: files.reduce((sum, file) => sum + (file.br ?? file.bytes), 0),
    gzBytes: files.reduce((sum, file) => sum + (file.gz ?? file.bytes), 0),
  };
}
