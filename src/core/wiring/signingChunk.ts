/**
 * The loader of the signing chunk (./signingCode.ts), in a module of its own: only ../signing/Signing.ts imports it,
 * so a page that does not use `Signing` has no signing chunk (./onDemand.ts says why).
 *
 * @module
 */

/** The signing chunk: what ./signingCode.ts exports. */
export type SigningCode = typeof import("./signingCode.ts")

/** The dynamic `import()` of the signing chunk (once: the module system caches it). */
export const loadSigningCode = (): Promise<SigningCode> => import("./signingCode.ts")
