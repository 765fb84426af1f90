/**
 * The loader of the challenge chunk (./challengeCode.ts), in a module of its own: only ../challenge/Challenges.ts
 * imports it, so a page that does not use `Challenges` has no challenge chunk (./onDemand.ts says why).
 *
 * @module
 */

/** The challenge chunk: what ./challengeCode.ts exports. */
export type ChallengeCode = typeof import("./challengeCode.ts")

/** The dynamic `import()` of the challenge chunk (once: the module system caches it). */
export const loadChallengeCode = (): Promise<ChallengeCode> => import("./challengeCode.ts")
