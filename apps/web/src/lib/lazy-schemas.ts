/**
 * Answers parsed with schemas loaded on first use, while the first call is under way: zod and the
 * contract's schemas stay off the first screen's path (decision 214). A ZodError fails the query
 * or mutation as the api client's `schema` option would. A failed load (a chunk that did not
 * arrive) is tried again at the next call.
 */
export function lazySchemas<S>(load: () => Promise<S>) {
  let loading: Promise<S> | undefined;
  return async function parsedWith<T>(
    pick: (loaded: S) => { parse(value: unknown): T },
    answer: Promise<unknown>,
  ): Promise<T> {
    const schemas = (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
    const [loaded, data] = await Promise.all([schemas, answer]);
    return pick(loaded).parse(data);
  };
}
