/**
 * ChallengeComponent: where challenges are shown in the app. A mounted `ChallengeHost` (React) attaches its
 * container element here; the DOM presenter shows the challenge frame in the newest attached container and
 * publishes the challenge being shown, so the host can open its locked modal.
 *
 * The component is "available" (CHAL-2, CHAL-29) while at least one host is attached.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import type * as Scope from "effect/Scope"
import * as Observable from "../../observable/Observable.ts"
import type { ChallengeModal } from "./ChallengePresenter.ts"

/** The challenge being shown, as a host needs it to render the modal (no id, no metadata). */
export interface ActiveChallenge {
  readonly challengeType: string
  readonly modal: ChallengeModal
  readonly customError: string
}

/** An attached host. */
export interface AttachedHost {
  /** The host's container element, opaque. */
  readonly container: unknown
  /** Completes when the host detaches (unmounts). */
  readonly detached: Effect.Effect<void>
}

/** The shape of the challenge component. */
export interface ChallengeComponentShape {
  /** Attach a host's container until the scope closes. */
  readonly attach: (container: unknown) => Effect.Effect<void, never, Scope.Scope>
  /** The newest attached host, if any. */
  readonly host: Effect.Effect<Option.Option<AttachedHost>>
  /** True while a host is attached. */
  readonly available: Effect.Effect<boolean>
  /** The challenge being shown (undefined when none): hosts subscribe to it. */
  readonly active: Observable.Observable<ActiveChallenge | undefined>
  /** Publish `challenge` as the one being shown until the scope closes. */
  readonly showing: (challenge: ActiveChallenge) => Effect.Effect<void, never, Scope.Scope>
}

/** The app's challenge component: attached hosts and the challenge being shown. */
export class ChallengeComponent extends Context.Service<ChallengeComponent, ChallengeComponentShape>()(
  "platform-web-client/core/challenge/ChallengeComponent"
) {
  /** A component with no host attached. */
  static readonly layer: Layer.Layer<ChallengeComponent> = Layer.effect(
    ChallengeComponent,
    Effect.sync(() => {
      const hosts: Array<AttachedHost & { readonly done: Deferred.Deferred<void> }> = []
      const active = Observable.make<ActiveChallenge | undefined>(undefined)
      return ChallengeComponent.of({
        attach: (container) =>
          Effect.acquireRelease(
            Effect.sync(() => {
              const done = Deferred.makeUnsafe<void>()
              const host = { container, detached: Deferred.await(done), done }
              hosts.push(host)
              return host
            }),
            (host) =>
              Effect.suspend(() => {
                const index = hosts.indexOf(host)
                if (index >= 0) hosts.splice(index, 1)
                return Deferred.succeed(host.done, undefined)
              })
          ).pipe(Effect.asVoid),
        host: Effect.sync(() => {
          const newest = hosts[hosts.length - 1]
          return newest === undefined
            ? Option.none()
            : Option.some({ container: newest.container, detached: newest.detached })
        }),
        available: Effect.sync(() => hosts.length > 0),
        active: { get: active.get, subscribe: active.subscribe },
        showing: (challenge) =>
          Effect.acquireRelease(
            Effect.sync(() => active.set(challenge)),
            () => Effect.sync(() => active.set(undefined))
          )
      })
    })
  )
}
