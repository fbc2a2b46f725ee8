import type { Goal } from '@starhold/contract';
import { requestUrl } from '../../test/request-url';

type Answer = { status?: number; body: unknown };

/** A fetch double: answers per "METHOD /path" (a function may answer from the call count), records calls. */
export function fakeApi(routes: Record<string, Answer | ((call: number) => Answer)>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const route = routes[`${method} ${path}`];
    const count = calls.filter((call) => call.method === method && call.path === path).length;
    const answer: Answer = route
      ? typeof route === 'function'
        ? route(count)
        : route
      : { status: 404, body: { message: 'nope', code: 1007, i18n_comment: 'NOT_FOUND' } };
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
  return { fetch, calls };
}

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
