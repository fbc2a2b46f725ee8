import { PLANET_NAME_MAX, PLANET_NAME_MIN } from '@starhold/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The planet name rule (SPEC 5): 3 to 20 characters once trimmed. */
export function isValidPlanetName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length >= PLANET_NAME_MIN && trimmed.length <= PLANET_NAME_MAX;
}

/** PUT /me/planet { name }, then the planet and the planet list show the new name. */
export function useRenamePlanet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.put<unknown>('/me/planet', { name: name.trim() }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.myPlanet }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myPlanets }),
      ]),
  });
}
