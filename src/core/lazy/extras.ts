/**
 * The core's on-demand code, in ONE module that the core loads with a dynamic `import()` (docs/bundle-size.md):
 * the challenge flow (loaded the first time a page is challenged), the direct signer (with the first request of a
 * page that can sign), the security-frame signer (when a page off the www origin builds its signer), and the
 * explicit layers (`Signing.direct`, `Signing.viaSecurityFrame`, `Signing.auto`, `PlatformHttpWithChallenges.layer`,
 * when they are built).
 *
 * One module rather than one per feature: Vite 8's bundler (rolldown) splits the code a page loads up front into
 * several chunks for each additional module loaded on demand, and the import/export glue between those chunks
 * cost about 4.5 KB gzip up front (measured with `npm run size`), more than the features gained by loading
 * separately. A page that needs any of these loads all of them, once; it is imported through ./loadExtras.ts only.
 *
 * @module
 */
export { browserChallengeInterceptor, withChallengesLayer } from "../challenge/challengeFlow.ts"
export { browserFrameSigning, frameSigning } from "../security-frame/frameSigning.ts"
export { auto } from "../signing/auto.ts"
export { direct, makeBrowserDirectSigner, makeDirectSigner } from "../signing/directSigning.ts"
