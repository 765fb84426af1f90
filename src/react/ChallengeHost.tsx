/**
 * ChallengeHost: where the app shows challenges. Mount one near the root of the app, inside a PlatformProvider
 * whose layer includes the ChallengeComponent (`browserPlatformLayer({ challenges: Challenges.browser })`,
 * `Challenges.browser`, or `DomChallengePresenter.browser`).
 *
 * While mounted, the challenge component is available: a challenged request opens the locked modal of type 4
 * (CHAL-2) filling the viewport, with the hybrid challenge page's frame inside it. The modal cannot be dismissed
 * (no close button, Escape is swallowed); it closes when the page reports the challenge's outcome. Unmounting the
 * host during a challenge removes the frame and abandons the challenge. Without a mounted host, challenged
 * requests get their original error back and `Got challenge but challenge component not available` is logged.
 *
 * A host under a layer that cannot raise a challenge (no ChallengeComponent: the layer was built without
 * `challenges: Challenges.browser`) renders nothing and logs {@link noChallengeFlowWarning} at Warning level, once per runtime,
 * through the app's logger as the library's other warnings are.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { type CSSProperties, type KeyboardEvent, useEffect, useRef, useState } from "react"
import { ChallengeComponent, type ChallengeComponentShape } from "../core/challenge/presenters/ChallengeComponent.ts"
import { useRuntime } from "./PlatformProvider.tsx"
import { useObservable } from "./useObservable.ts"

/** Props of {@link ChallengeHost}. */
export interface ChallengeHostProps {
  /** The modal's accessible name. Default `Security challenge`. */
  readonly label?: string
  /** The modal's z-index. Default 10000. */
  readonly zIndex?: number
  /** Extra class names for the modal element. */
  readonly className?: string
}

const swallowEscape = (event: KeyboardEvent) => {
  if (event.key === "Escape") {
    event.preventDefault()
    event.stopPropagation()
  }
}

function ChallengeModal(props: ChallengeHostProps & { readonly component: ChallengeComponentShape }) {
  const { component } = props
  const runtime = useRuntime()
  const active = useObservable(component.active)
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = container.current
    if (element === null) return
    const fiber = runtime.runFork(Effect.scoped(Effect.andThen(component.attach(element), Effect.never)))
    return () => fiber.interruptUnsafe()
  }, [runtime, component])
  const style: CSSProperties = {
    position: "fixed",
    inset: 0,
    zIndex: props.zIndex ?? 10000,
    background: "rgba(0, 0, 0, 0.6)",
    display: active === undefined ? "none" : "block"
  }
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={props.label ?? "Security challenge"}
      hidden={active === undefined}
      className={props.className}
      data-modal-type={active?.modal.type ?? 4}
      data-locked="true"
      data-challenge-type={active?.challengeType}
      onKeyDown={swallowEscape}
      style={style}
    >
      <div ref={container} data-challenge-container="" style={{ width: "100%", height: "100%" }} />
    </div>
  )
}

/** The warning of a host whose layer cannot raise a challenge. */
export const noChallengeFlowWarning =
  "ChallengeHost: the app's layer has no challenge flow (no ChallengeComponent), so no challenge will be shown and challenged requests fail with their original error; build it with browserPlatformLayer({ challenges: Challenges.browser })"

/** The runtimes already warned about (once each). */
const warned = new WeakSet<object>()

/** The app's ChallengeComponent; none (warned about once per runtime) when the layer has no challenge flow. */
const componentOf = (runtime: object) =>
  Effect.flatMap(Effect.serviceOption(ChallengeComponent), (found) => {
    if (Option.isSome(found) || warned.has(runtime)) return Effect.succeed(Option.getOrUndefined(found))
    warned.add(runtime)
    return Effect.as(Effect.logWarning(noChallengeFlowWarning), undefined)
  })

/** Shows challenges inside the app; see the module doc. */
export function ChallengeHost(props: ChallengeHostProps) {
  const runtime = useRuntime<ChallengeComponent>()
  const [component, setComponent] = useState<ChallengeComponentShape | undefined>(undefined)
  useEffect(() => {
    const controller = new AbortController()
    runtime.runPromise(componentOf(runtime), { signal: controller.signal }).then(
      (service) => controller.signal.aborted || service === undefined || setComponent(() => service),
      () => undefined
    )
    return () => controller.abort()
  }, [runtime])
  return component === undefined ? null : <ChallengeModal {...props} component={component} />
}
