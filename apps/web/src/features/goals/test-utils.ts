import type { Goal } from '@starhold/contract';

export { fakeApi } from '../../test/fake-api';

export function goal(id: number, key: string, overrides: Partial<Goal> = {}): Goal {
  return {
    id,
    key,
    state: 'locked',
    done: false,
    claimed: false,
    next: false,
    progress: { current: 0, target: 1 },
    reward: { metal: 60, crystal: 30, fuel: 0, nmi: 0 },
    link: { screen: 'factories', module_id: 1 },
    ...overrides,
  };
}
