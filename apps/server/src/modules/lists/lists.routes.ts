import { PLAYABLE_RACES, racesResponseSchema } from '@starhold/contract';
import type { AppInstance } from '../../context.js';

export function listsRoutes(app: AppInstance): void {
  app.get('/lists/races', { schema: { tags: ['lists'], response: { 200: racesResponseSchema } } }, () =>
    Promise.resolve({ data: PLAYABLE_RACES.map((race) => ({ ...race })) }),
  );
}
