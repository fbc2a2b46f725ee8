import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The files of a worker share one jsdom and one module graph: importing Mantine, React and
    // the app's modules again for each of the 86 files took 50 s of the 155 s the project ran,
    // and building jsdom 33 s (38 s in all without). Each file's own state is reset after every
    // test (src/test/setup.ts: the rendered trees, localStorage, the toasts); every test renders
    // with its own i18n and query client (src/test/render.tsx).
    isolate: false,
    // user-event types character by character through Mantine inputs: slow on a busy machine.
    testTimeout: 20000,
  },
});
