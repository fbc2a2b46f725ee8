import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppInstance } from '../../src/context.js';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The port of an app listening on 127.0.0.1 (started by `app.listen({ port: 0 })`). */
export function portOf(app: AppInstance): number {
  return (app.server.address() as AddressInfo).port;
}

/**
 * A real HTTP request with the path sent byte for byte as given (`//api/...`, `/%61pi/...`): no
 * URL parser in between normalises it, as fetch or app.inject might.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
