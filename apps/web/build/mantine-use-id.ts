import type { Plugin } from 'vite';

/** The module of `useId` in @mantine/hooks that the plugin below replaces. */
export const MANTINE_USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` returns React's id, then, in a layout effect on mount, sets a random one
 * (kept for server rendering, which this app does not do). A state set in a layout effect is
 * rendered synchronously, before the first frame, and React first runs every pending passive
 * effect of the first render: the AppShell, its header and navbar, alerts and inputs all use it,
 * so the dashboard's first render was followed, in the same task, by a second one and by every
 * query's effects (decisions 128, 202). This one returns the id derived from React's own, which
 * is stable and unique within the page from the first render.
 */
export const MANTINE_USE_ID_SOURCE = `import { useId as useReactId } from 'react';
function useId(staticId) {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  return 'mantine-' + reactId.replace(/[^A-Za-z0-9_-]/g, '');
}
export { useId };
`;

export function mantineUseId(): Plugin {
  let replaced = false;
  return {
    name: 'starhold-mantine-use-id',
    apply: 'build',
    load(id) {
      if (!MANTINE_USE_ID_MODULE.test(id.split('?')[0] ?? id)) return null;
      replaced = true;
      return MANTINE_USE_ID_SOURCE;
    },
    generateBundle() {
      // A Mantine upgrade that moves the module would silently bring the second render back.
      if (!replaced)
        this.error(`@mantine/hooks' useId module was not found (${String(MANTINE_USE_ID_MODULE)})`);
    },
  };
}
