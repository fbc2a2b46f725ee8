import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppState } from './app/App';
import { prepareFirstRender } from './app/first-render';
import { preloadScreenFor } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
const state = createAppState();
void prepareFirstRender({
  queryClient: state.queryClient,
  earlyPaths: Object.keys(window.__starholdEarly?.requests ?? {}),
  preloadScreen: () => preloadScreenFor(window.location.pathname),
}).then(() =>
  createRoot(root).render(
    <StrictMode>
      <App {...state} />
    </StrictMode>,
  ),
);
