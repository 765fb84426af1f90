/**
 * The one way memory layers are built: a fresh state per layer build, exposed as the real service plus a control
 * service that tests use to read recordings and switch behaviour.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"

/**
 * A layer providing `service` and `control`, both built by one call of `build` (so they share state). Each build
 * of the layer (each `Effect.provide`) starts from a fresh state.
 */
export const layerWithControl = <I, S, CI, CS>(
  service: Context.Key<I, S>,
  control: Context.Key<CI, CS>,
  build: () => readonly [S, CS]
): Layer.Layer<I | CI> =>
  Layer.syncContext(() => {
    const [implementation, controller] = build()
    return Context.make(service, implementation).pipe(Context.add(control, controller))
  })
