import { healthResponseSchema } from '@starhold/contract';
import type { AppInstance } from '../../context.js';

export function healthRoutes(app: AppInstance, version: string): void {
  app.get('/health', { schema: { tags: ['health'], response: { 200: healthResponseSchema } } }, () =>
    Promise.resolve({ data: { status: 'ok' as const, version } }),
  );
}
