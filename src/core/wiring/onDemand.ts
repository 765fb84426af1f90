/**
 * The on-demand boundary: how the core loads code with a dynamic `import()` (./signingChunk.ts and
 * ./challengeChunk.ts are the only modules that do).
 *
 * Most of the core runs on every page and is loaded up front. Two features run only on some pages, and they are
 * the largest part of the core, so a page loads each when it first needs it, from its own chunk
 * (docs/bundle-size.md):
 *
 * | chunk (imported by)                                       | what it holds                                                                  | loaded                                                                                                       |
 * |-----------------------------------------------------------|--------------------------------------------------------------------------------|--------------------------------------------------------------------------------------------------------------|
 * | ./signingCode.ts (`loadSigningCode`, ./signingChunk.ts)       | the direct signer (key store, WebCrypto, token) and the security-frame signer | with the first request of a page on the www origin that can sign; when the layer is built off the www origin |
 * | ./challengeCode.ts (`loadChallengeCode`, ./challengeChunk.ts) | the challenge flow: schemas, handler, presenter, frames, script runner        | the first time a platform host's failed response carries a challenge header                                  |
 *
 * (`Signing.direct` and `Signing.viaSecurityFrame`, which expose the key store or the frame, load their chunk when
 * they are built.) Each chunk has its own loader module, imported only by the layers that use the chunk
 * (../signing/Signing.ts, ../challenge/Challenges.ts): an app's bundler emits a chunk for every `import()` in the
 * modules it includes, used or not, so a loader shared by both would give every page both chunks. With one each, a
 * page that never signs carries no signer, not even on demand. A page that needs a chunk loads it once: the module
 * system caches the import. This module holds what the loaders and the stand-ins share.
 *
 * Up front, the layers that use this code hold light stand-ins that call {@link onDemand}:
 *
 * - the first run loads the chunk and runs the stand-in's `use` (typically building the real service) in the
 *   stand-in layer's scope, with the context the stand-in layer was built with, so what it builds lives as long
 *   as the stand-in does;
 * - runs while it loads wait for the same load; later runs get its result at once; a caller that gives up does
 *   not cancel the load for the others;
 * - the load is bounded by {@link OnDemandLoadTimeout} (10 s): a chunk whose fetch stalls must not hold the
 *   requests waiting for it forever. A load that fails or times out fails the runs waiting for it and is
 *   forgotten, so the next run tries again. The stand-ins then fall back: a request to be signed goes out
 *   unsigned, reported as a signing failure of kind `Unknown`; a challenged response goes on to its caller as the
 *   original error, with `Could not load the challenge flow` logged (Error).
 *
 * test/architecture/dependencies.test.ts fails on any other dynamic `import()` in the core, and on any static import
 * of a chunk.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import { describeError } from "../browser/errorSummary.ts"

/** Build `layer` in the current scope and give its `key` service (how a chunk gives the service a stand-in runs). */
export const serviceOf = <I, S, E, R>(
  layer: Layer.Layer<I, E, R>,
  key: Context.Key<I, S>
): Effect.Effect<S, E, R | Scope.Scope> => Effect.map(Layer.build(layer), (built) => Context.get(built, key))

/**
 * How long a stand-in waits for its on-demand chunk before it falls back (see the module doc). Default 10 s: the
 * larger chunk is about 12 KB gzip, a few seconds on a slow mobile network.
 */
export const OnDemandLoadTimeout = Context.Reference<Duration.Input>(
  "platform-web-client/core/wiring/OnDemandLoadTimeout",
  {
    defaultValue: () => "10 seconds"
  }
)

/** `load()`, bounded by {@link OnDemandLoadTimeout}; fails with the load's error or an Error saying it timed out. */
export const loadBounded = <M>(load: () => Promise<M>): Effect.Effect<M, unknown> =>
  Effect.flatMap(OnDemandLoadTimeout, (timeout) =>
    Effect.timeoutOrElse(Effect.tryPromise(load), {
      duration: timeout,
      orElse: () =>
        Effect.fail(
          new Error(`the on-demand code did not load within ${Duration.toMillis(Duration.fromInputUnsafe(timeout))} ms`)
        )
    })
  )

/**
 * Called while a stand-in layer is built: gives the effect that loads the chunk with `load` and runs `use` on it,
 * once, the first time it runs, in the layer's scope and with the layer's context (see the module doc). It fails
 * with the load's cause when the chunk did not load (or not in time); the next run then tries again.
 */
export const onDemand = <M, A, R>(
  load: () => Promise<M>,
  use: (code: M) => Effect.Effect<A, never, R | Scope.Scope>
): Effect.Effect<Effect.Effect<A, unknown>, never, R | Scope.Scope> =>
  Effect.gen(function* () {
    const scope = yield* Effect.scope
    const run = Effect.flatMap(loadBounded(load), (code) => Scope.provide(use(code), scope)).pipe(
      Effect.provideContext(yield* Effect.context<R>())
    )
    let loaded: Deferred.Deferred<A, unknown> | undefined
    return Effect.suspend(() => {
      if (loaded !== undefined) return Deferred.await(loaded)
      const deferred = Deferred.makeUnsafe<A, unknown>()
      loaded = deferred
      return run.pipe(
        Effect.onExit((exit) =>
          Effect.suspend(() => {
            if (Exit.isFailure(exit) && loaded === deferred) loaded = undefined
            return Deferred.done(deferred, exit)
          })
        ),
        Effect.forkIn(scope),
        Effect.andThen(Deferred.await(deferred))
      )
    })
  })

/**
 * Why the chunk did not load, as one log line: what the load threw (unwrapped from `Effect.tryPromise`'s
 * UnknownError) as `{name}: {message}`, every URL in it redacted before the message is cut (a failed dynamic import
 * names the chunk's URL, which may carry a signed-URL token; a cut first could leave part of it). Never the error itself: a log sink would show all its fields.
 */
export const loadFailure = (cause: unknown): string =>
  describeError(Cause.isUnknownError(cause) ? cause.cause : cause, { everyUrl: true })
