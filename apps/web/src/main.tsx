import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppState } from './app/App';
import { prepareFirstRender } from './app/first-render';
import { i18nReady } from './lib/i18n-instance';
import { preloadScreenFor } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
const state = createAppState();
// The texts of the page's language come first: without them there is nothing to draw.
void Promise.all([
  i18nReady,
  prepareFirstRender({
    queryClient: state.queryClient,
    earlyPaths: Object.keys(window.__starholdEarly?.requests ?? {}),
    preloadScreen: () => preloadScreenFor(window.location.pathname),
  }),
]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App {...state} />
    </StrictMode>,
  ),
);
