import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'starhold-precompress-'));
  mkdirSync(join(dir, 'assets'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const script = 'export function greet(name) { return `Hello, ${name}!`; }\n'.repeat(200);
const style = '.card { color: #fff; background: #123; padding: 4px 8px; }\n'.repeat(100);
const page = `<!doctype html><html><head><title>Starhold</title></head><body>${'<div class="star"></div>'.repeat(80)}</body></html>`;

function write(file: string, content: string | Buffer): void {
  writeFileSync(join(dir, file), content);
}

function listing(): Record<string, number> {
  const files: Record<string, number> = {};
  for (const sub of ['', 'assets']) {
    for (const name of readdirSync(join(dir, sub))) {
      const path = join(dir, sub, name);
      if (statSync(path).isFile()) files[sub ? `${sub}/${name}` : name] = statSync(path).size;
    }
  }
  return files;
}

describe('precompressDir', () => {
  it('writes brotli and gzip copies that decompress to the original files', async () => {
    write('assets/app-abc123.js', script);
    write('assets/app-abc123.css', style);
    write('index.html', page);

    const result = await precompressDir(dir);

    expect(result.files.map((file) => file.file)).toEqual([
      'assets/app-abc123.css',
      'assets/app-abc123.js',
      'index.html',
    ]);
    for (const [file, content] of [
      ['assets/app-abc123.js', script],
      ['assets/app-abc123.css', style],
      ['index.html', page],
    ] as const) {
      const br = readFileSync(join(dir, `${file}.br`));
      const gz = readFileSync(join(dir, `${file}.gz`));
      expect(brotliDecompressSync(br).toString('utf8')).toBe(content);
      expect(gunzipSync(gz).toString('utf8')).toBe(content);
      expect(br.length).toBeLessThan(Buffer.byteLength(content));
      expect(gz.length).toBeLessThan(Buffer.byteLength(content));
      expect(result.files.find((entry) => entry.file === file)).toEqual({
        file,
        bytes: Buffer.byteLength(content),
        br: br.length,
        gz: gz.length,
      });
    }
    expect(result.bytes).toBe(Buffer.byteLength(script) + Buffer.byteLength(style) + Buffer.byteLength(page));
    expect(result.brBytes).toBeLessThan(result.gzBytes);
  });

  it('leaves small files, source maps and other formats alone', async () => {
    write('assets/tiny-abc123.js', 'console.log(1)');
    write('assets/app-abc123.js.map', JSON.stringify({ mappings: 'AAAA;'.repeat(1000) }));
    write('assets/picture.png', Buffer.alloc(4096));
    write('notes.txt', 'x'.repeat(MIN_BYTES - 1));

    const result = await precompressDir(dir);

    expect(result.files).toEqual([]);
    expect(result.skippedSmall).toBe(2);
    expect(Object.keys(listing()).sort()).toEqual([
      'assets/app-abc123.js.map',
      'assets/picture.png',
      'assets/tiny-abc123.js',
      'notes.txt',
    ]);
  });

  it('writes no copy that would be larger than the file', async () => {
    // Random bytes do not compress: both copies would be larger than the file.
    write('assets/noise-abc123.js', randomBytes(4096));

    const result = await precompressDir(dir);

    expect(result.files).toEqual([]);
    expect(existsSync(join(dir, 'assets/noise-abc123.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'assets/noise-abc123.js.gz'))).toBe(false);
  });

  it('gives the same files when run twice, without compressing its own copies', async () => {
    write('assets/app-abc123.js', script);
    write('index.html', page);

    const first = await precompressDir(dir);
    const filesAfterFirst = listing();
    const brAfterFirst = readFileSync(join(dir, 'assets/app-abc123.js.br'));
    const second = await precompressDir(dir);

    expect(second).toEqual(first);
    expect(listing()).toEqual(filesAfterFirst);
    expect(Object.keys(filesAfterFirst).sort()).toEqual([
      'assets/app-abc123.js',
      'assets/app-abc123.js.br',
      'assets/app-abc123.js.gz',
      'index.html',
      'index.html.br',
      'index.html.gz',
    ]);
    expect(readFileSync(join(dir, 'assets/app-abc123.js.br')).equals(brAfterFirst)).toBe(true);
  });
});
