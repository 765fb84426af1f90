/**
 * loadExtras: the one dynamic `import()` of the core's on-demand module (./extras.ts). Every part of the core that
 * loads on demand goes through it, so the bundler makes one lazy chunk and one preload wrapper
 * (docs/bundle-size.md).
 *
 * @module
 */

/** Load the core's on-demand module (once: the module system caches it). */
export const loadExtras = () => import("./extras.ts")
