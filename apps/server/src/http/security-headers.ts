import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** A header list computed once at start: every answer only copies it (decision 156). */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** API answers carry the player's data (their email in GET /me): never stored. */
export const CACHE_PRIVATE_API = 'no-store';

/**
 * The headers helmet would set with `options`, collected once from a stand-in response. Helmet's
 * own Fastify plugin rebuilds its middleware on every request; here a request copies strings.
 */
export function helmetHeaders(options: HelmetOptions): HeaderList {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error instanceof Error) throw error;
  });
  return [...headers];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` sources for the inline scripts of a page (the early reads of index.html, decision 124). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export interface SecurityHeaderOptions {
  /** HTTPS deployment (COOKIE_SECURE): Strict-Transport-Security is sent. */
  secure: boolean;
  /** The built web app's index.html, when served: its inline scripts are allowed by hash. */
  pageHtml?: string;
}

/**
 * Every answer's headers: a Content-Security-Policy the built web app satisfies (scripts from the
 * server and the page's hashed inline script only; inline styles allowed because Mantine writes
 * style tags and attributes), no framing, no MIME sniffing, no referrer to other sites, HSTS
 * behind HTTPS only (on plain HTTP it would be ignored at best, a trap for a later HTTPS-less
 * host at worst).
 */
export function pageSecurityHeaders(options: SecurityHeaderOptions): HeaderList {
  const scriptHashes = options.pageHtml === undefined ? [] : inlineScriptHashes(options.pageHtml);
  return helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'script-src': ["'self'", ...scriptHashes],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'worker-src': ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Headers for browsers of the past (Internet Explorer, Flash, the XSS auditor): each header is
    // work on every answer, these protect nobody who can run the game.
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.secure ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
}

function docsDirective(directive: string): string {
  if (directive.startsWith('frame-ancestors')) return "frame-ancestors 'none'";
  // Swagger UI sets style attributes while it renders; a hash in the list would void 'unsafe-inline'.
  if (directive.startsWith('style-src')) return "style-src 'self' 'unsafe-inline'";
  return directive;
}

/**
 * The API's answers are JSON, never rendered: a policy that allows nothing (and no framing), no
 * MIME sniffing, no referrer, never stored; HSTS behind HTTPS. Four headers, not a page's seven:
 * each one is work on every API answer (about 0.25 µs).
 */
export function apiSecurityHeaders(options: Pick<SecurityHeaderOptions, 'secure'>): HeaderList {
  return [
    ...helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
      xPoweredBy: false,
      // frame-ancestors above refuses framing; X-Frame-Options would only repeat it.
      xFrameOptions: false,
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: options.secure ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    }),
    ['cache-control', CACHE_PRIVATE_API],
  ];
}

/**
 * The Swagger UI (/api/docs) has a policy of its own, written by @fastify/swagger-ui (with the
 * hashes of its inline code): its mixed-content upgrade is dropped (a plain-HTTP test server
 * would load nothing), inline styles are allowed as for the game, framing is refused.
 */
export function docsContentSecurityPolicy(policy: string): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .map(docsDirective)
    .join('; ');
}

/**
 * Copies a precomputed list into the reply's headers. Through Fastify's own header object, not
 * `reply.raw.setHeader`: headers set on the raw response make Node merge Fastify's headers one by
 * one at write time, which cost twice as much per answer when measured.
 */
export function applyHeaders(reply: FastifyReply, headers: HeaderList): void {
  for (let i = 0; i < headers.length; i += 1) {
    const header = headers[i]!;
    reply.header(header[0], header[1]);
  }
}

/** An `onRequest` hook that applies `headers` (created once, at start). */
export function headersHook(headers: HeaderList) {
  return function setSecurityHeaders(
    _request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    applyHeaders(reply, headers);
    done();
  };
}
