import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

const module = { default: () => <p>the screen</p> };

describe('preloadableLazy', () => {
  it('renders a preloaded screen at once, without showing the fallback', async () => {
    const Screen = preloadableLazy(() => Promise.resolve(module));
    await Screen.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('the screen')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
  });

  it('suspends like React.lazy when nothing was preloaded, and loads the chunk once', async () => {
    let loads = 0;
    const Screen = preloadableLazy(() => {
      loads += 1;
      return Promise.resolve(module);
    });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('the screen')).toBeInTheDocument();
    await Screen.preload();
    expect(loads).toBe(1);
  });
});
