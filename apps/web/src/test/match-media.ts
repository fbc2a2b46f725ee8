/**
 * A `window.matchMedia` for jsdom, which has none (Mantine queries it on mount; its
 * useMediaQuery reads it): `matches` answers each query.
 */
export function fakeMatchMedia(matches: (query: string) => boolean = () => false) {
  return (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

/** The `max-width` media queries of a window `width` px wide match; nothing else does. */
export const narrowerThan =
  (width: number) =>
  (query: string): boolean => {
    const limit = /max-width: (\d+)px/.exec(query)?.[1];
    return limit !== undefined && width <= Number(limit);
  };
