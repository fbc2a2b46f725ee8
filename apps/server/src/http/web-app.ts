import { readdirSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** Vite names every file of /assets/ after a hash of its content: a new content is a new URL. */
export const CACHE_HASHED = 'public, max-age=31536000, immutable';
/** The page names the current build's assets: revalidated (ETag) at every visit, so a deploy shows at once. */
export const CACHE_PAGE = 'no-cache';
/** Files copied from apps/web/public (pictures) keep their names across builds: cached for an hour. */
export const CACHE_OTHER = 'public, max-age=3600';

const COMPRESSED_COPY = /\.(br|gz|deflate)$/;

/** The Cache-Control of a file of the built web app, `filePath` being the file sent (maybe its .br or .gz copy). */
export function webAppCacheControl(root: string, filePath: string): string {
  const logical = relative(root, filePath).replace(COMPRESSED_COPY, '').split(sep);
  if (logical.length > 1 && logical[0] === 'assets') return CACHE_HASHED;
  if (logical.at(-1)?.endsWith('.html')) return CACHE_PAGE;
  return CACHE_OTHER;
}

/**
 * Serves the built web app: the `.br` or `.gz` copy written next to a file at build time when the
 * request's Accept-Encoding allows it (with `Vary: Accept-Encoding`), else the file itself.
 */
export function webAppStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    wildcard: true,
    preCompressed: true,
    // @fastify/send's own header (max-age=0) is replaced by ours, for files and for reply.sendFile alike.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', webAppCacheControl(root, path));
    },
  };
}

/** The top-level directories of the built web app (assets, images): they hold files, never pages. */
export function webAppFileDirectories(root: string): ReadonlySet<string> {
  return new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
}

/**
 * The path of a URL as the router matches it, percent-escapes decoded (the router routes
 * `/%61pi/v1/me` to `/api/v1/me`, so `/%61pi/v1/unknown` is an API path too); null when an escape
 * is malformed.
 */
function routedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?', 1)[0] ?? '');
  } catch {
    return null;
  }
}

/**
 * Paths for operators outside /api (decision 222's /metrics, whether or not METRICS_TOKEN
 * installed it): never a page, so refused or unknown they answer the API's JSON error.
 */
const OPERATOR_PATHS: ReadonlySet<string> = new Set(['metrics']);

/** The first segment of a routed path (`metrics` for `/metrics/x`). */
const firstSegment = (pathname: string): string | undefined =>
  pathname.split('/').find((segment) => segment !== '');

/**
 * Whether a URL is under /api/ or an operator's path, however its path was spelled: answered in
 * the API's error format with the API's headers, never with the page.
 */
export function isApiRequest(url: string): boolean {
  const pathname = routedPath(url);
  if (pathname === null) return false;
  return pathname.startsWith('/api/') || OPERATOR_PATHS.has(firstSegment(pathname) ?? '');
}

/**
 * Whether a URL that matched no file is a client-side route of the single-page app (answered
 * with index.html) rather than a missing file: a missing /assets/ chunk (an old page asking for
 * an asset of the previous deploy) must be a 404, not the HTML page with status 200. Pages are
 * outside /api, the operators' paths and the app's file directories, and their last segment has
 * no file extension.
 */
export function isPageRequest(url: string, fileDirectories: ReadonlySet<string>): boolean {
  const pathname = routedPath(url);
  if (pathname === null) return false;
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const first = segments[0];
  if (first === undefined) return true;
  if (first === 'api' || OPERATOR_PATHS.has(first) || fileDirectories.has(first)) return false;
  return !segments.at(-1)?.includes('.');
}
