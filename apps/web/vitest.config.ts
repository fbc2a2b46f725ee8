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
    // user-event types character by character through Mantine inputs: slow on a busy machine.
    testTimeout: 20000,
  },
});
