/**
 * The live events' schema on its own, loaded with a dynamic import once the signed-in layout has
 * rendered: the contract's schemas (and zod) stay out of the code that runs before the first
 * render (the contract's modules are side-effect free for the bundler, vite.config.ts).
 */
export { liveEventSchema } from '@starhold/contract';
