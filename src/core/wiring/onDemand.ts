/**
 * The on-demand boundary: the ONE place where the core loads code with a dynamic `import()`.
 *
 * Most of the core runs on every page and is loaded up front. Three things run only on some pages, and they are
 * the largest part of the core, so a page loads them when it first needs them (docs/bundle-size.md):
 *
 * | code (in ./onDemandCode.ts)                                                   | loaded                                                                      |
 * |-------------------------------------------------------------------------------|-----------------------------------------------------------------------------|
 * | the direct signer: URL, policy and body checks, key store, WebCrypto, token   | with the first request of a page on the www origin that can sign            |
 * | the security-frame signer and the frame's page side                           | when the signer layer is built on a page off the www origin                 |
 * | the challenge flow: schemas, handler, presenter, frames, script runner        | the first time a platform host's failed response carries a challenge header |
 *
 * (`Signing.direct` and `Signing.viaSecurityFrame`, which expose the key store or the frame, load it when they are
 * built.) All of it is ONE chunk: with Vite 8 every further lazy module splits the code loaded up front into more
 * chunks, which cost more bytes up front than loading separately saves (docs/bundle-size.md). A page that needs
 * any of it loads all of it, once: the module system caches the import.
 *
 * Up front, the layers that use this code hold light stand-ins (../signing/Signing.ts, ../challenge/Challenges.ts) that call
 * {@link onDemand}:
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
 * Only this module (and the chunk itself) may be imported for on-demand code: test/architecture/dependencies.test.ts
 * fails on any other dynamic `import()` in the core.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"
import { describeError } from "../browser/errorSummary.ts"

/** The on-demand chunk: what ./onDemandCode.ts exports. */
export type OnDemandCode = typeof import("./onDemandCode.ts")

/** The core's one dynamic `import()`: the on-demand chunk (once: the module system caches it). */
export const loadOnDemandCode = (): Promise<OnDemandCode> => import("./onDemandCode.ts")

/**
 * How long a stand-in waits for the on-demand chunk before it falls back (see the module doc). Default 10 s: the
 * chunk is about 17 KB gzip, a few seconds on a slow mobile network.
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
