// Import boundaries of the monorepo as one ESLint rule (decision 150). Each zone names the files it
// governs and a check on every import they make, after the import is resolved to a repository path:
// relative specifiers by path arithmetic (`.js` written for `.ts` sources included), workspace
// packages by their folder. Resolution is deliberately simple: the repository uses no path aliases.
import path from 'node:path';

const WORKSPACES = {
  '@starhold/rules': 'packages/rules',
  '@starhold/contract': 'packages/contract',
  '@starhold/server': 'apps/server',
  '@starhold/web': 'apps/web',
};

/** The import as a repository-relative path (or `pkg:<name>` for a third-party package). */
export function resolveImport(root, fromFile, specifier) {
  if (specifier.startsWith('.')) {
    const absolute = path.resolve(path.dirname(fromFile), specifier);
    return path
      .relative(root, absolute)
      .split(path.sep)
      .join('/')
      .replace(/\.(js|mjs)$/, '');
  }
  for (const [name, folder] of Object.entries(WORKSPACES)) {
    if (specifier === name || specifier.startsWith(`${name}/`))
      return `${folder}${specifier.slice(name.length)}`;
  }
  return `pkg:${specifier}`;
}

const within = (file, folder) => file === folder || file.startsWith(`${folder}/`);
const withoutIndex = (target) => target.replace(/\/index(\.tsx?)?$/, '');

/**
 * Zones: `files` (a path prefix, relative to the repository) and `check(target, file)` returning
 * an error message for a forbidden import, or null.
 */
export const ZONES = [
  {
    name: 'rules',
    files: 'packages/rules/src',
    check: (target) =>
      within(target, 'packages/rules/src')
        ? null
        : 'packages/rules is pure: it imports nothing but its own files (no node:*, no package, no other workspace).',
  },
  {
    name: 'contract',
    files: 'packages/contract/src',
    check: (target) =>
      within(target, 'packages/contract/src') || target === 'pkg:zod' || target.startsWith('pkg:zod/')
        ? null
        : 'packages/contract imports only zod and its own files.',
  },
  {
    name: 'web-server',
    files: 'apps/web',
    check: (target) =>
      within(target, 'apps/server')
        ? 'The web app never imports server code: share through packages/contract.'
        : null,
  },
  {
    name: 'web-features',
    files: 'apps/web/src',
    check: (target, file) => {
      const match = /^apps\/web\/src\/features\/([^/]+)(\/.*)?$/.exec(target);
      if (!match) return null;
      const feature = match[1];
      if (within(file, `apps/web/src/features/${feature}`)) return null;
      if (withoutIndex(target) === `apps/web/src/features/${feature}`) return null;
      return `Reach the feature '${feature}' through its public entry (features/${feature}/index), not its internals.`;
    },
  },
  {
    name: 'server-modules',
    files: 'apps/server/src',
    check: (target, file) => {
      const match = /^apps\/server\/src\/modules\/([^/]+)(\/.*)?$/.exec(target);
      if (!match) return null;
      const module = match[1];
      if (within(file, `apps/server/src/modules/${module}`)) return null;
      if (withoutIndex(target) === `apps/server/src/modules/${module}`) return null;
      return `Reach the server module '${module}' through its public entry (modules/${module}/index), never its repository or internals.`;
    },
  },
];

export function createBoundariesPlugin(root) {
  return {
    rules: {
      imports: {
        meta: {
          type: 'problem',
          schema: [],
          docs: { description: 'Import boundaries between packages, features and modules' },
        },
        create(context) {
          const file = path.relative(root, context.filename).split(path.sep).join('/');
          const zones = ZONES.filter((zone) => within(file, zone.files));
          if (zones.length === 0) return {};
          const report = (node, specifier) => {
            if (typeof specifier !== 'string') return;
            const target = resolveImport(root, context.filename, specifier);
            for (const zone of zones) {
              const message = zone.check(target, file);
              if (message) context.report({ node, message: `${message} (${specifier})` });
            }
          };
          return {
            ImportDeclaration: (node) => report(node, node.source.value),
            ExportNamedDeclaration: (node) => node.source && report(node, node.source.value),
            ExportAllDeclaration: (node) => report(node, node.source.value),
            ImportExpression: (node) => node.source.type === 'Literal' && report(node, node.source.value),
          };
        },
      },
    },
  };
}
