import { requestUrl } from './request-url';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
}

export type Answer = { status?: number; body: unknown };
/** An answer worked out from the call: its JSON body, and how many calls of this route so far (1 first). */
export type Route = (request: { body: unknown; count: number }) => Answer;

/**
 * A fetch double for the component tests: answers per "METHOD /path" (without /api/v1), records
 * every call; a route it does not know answers 404 NOT_FOUND.
 */
export function fakeApi(routes: Record<string, Answer | Route>) {
  const calls: FakeCall[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const count = calls.filter((call) => call.method === method && call.path === path).length;
    const answer: Answer = route
      ? typeof route === 'function'
        ? route({ body, count })
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
