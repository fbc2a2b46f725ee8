import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type PreloadableScreen = LazyExoticComponent<ComponentType> & {
  /** Starts loading the screen's chunk (once); resolves when it is in. */
  preload(): Promise<void>;
};

/**
 * `React.lazy` suspends on a screen's first render even when its chunk is already loaded (the
 * import promise resolves a tick later), and React 19 then holds the fallback on screen for up
 * to 300 ms before revealing the page. Once the chunk has loaded, this hands React a thenable that
 * resolves synchronously, so a preloaded screen renders at once without suspending
 * (docs/decisions/122).
 */
export function preloadableLazy(load: () => Promise<{ default: ComponentType }>): PreloadableScreen {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () => {
    loading ??= load().then((module) => {
      loaded = module;
      return module;
    });
    return loading;
  };
  const Screen = lazy(() => {
    if (loaded) {
      const module = loaded;
      // A thenable that calls back at once: React's lazy then sees the module as already resolved.
      return { then: (resolve: (value: { default: ComponentType }) => void) => resolve(module) } as Promise<{
        default: ComponentType;
      }>;
    }
    return start();
  }) as PreloadableScreen;
  Screen.preload = () => start().then(() => undefined);
  return Screen;
}
