/**
 * onDemand: run an effect whose code is loaded with a dynamic `import()`, once, the first time it is needed.
 *
 * The core keeps code that only some pages run out of what every page loads up front (docs/bundle-size.md): the
 * challenge flow (loaded when a page is first challenged), the direct signer (loaded with the first request of a
 * page that can sign). Both hold a light stand-in up front and call the effect made here when the real thing is
 * needed:
 *
 * - the first run loads the module and runs the effect it gives (typically building a layer) in `scope` (the
 *   stand-in layer's scope, so what it builds lives as long as the stand-in does) with `context` (what the
 *   stand-in layer was built with);
 * - runs while it loads wait for the same load; later runs get its result at once;
 * - the load runs in `scope`, so a caller that gives up does not cancel it for the others;
 * - a failed load (a chunk that cannot be fetched) fails the runs waiting for it and is forgotten: the next run
 *   tries again.
 *
 * @module
 */
import type * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Scope from "effect/Scope"

/** The effect that loads `load()`'s effect and runs it once (see the module doc); fails with the load's cause. */
export const onDemand = <A, E, R>(
  load: () => Promise<Effect.Effect<A, E, R | Scope.Scope>>,
  scope: Scope.Scope,
  context: Context.Context<R>
): Effect.Effect<A, unknown> => {
  let loaded: Deferred.Deferred<A, unknown> | undefined
  const run = Effect.tryPromise(load).pipe(
    Effect.flatMap((effect) => Scope.provide(effect, scope)),
    Effect.provideContext(context)
  )
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
}
