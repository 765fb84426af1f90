/**
 * The sign-in state in the header: "key bound · signed requests" after a sign-in with device attestation, else
 * "unsigned requests" and the typed reason (./signIn.ts).
 */
import { useEffectResult } from "platform-web-client/react"
import { describeError } from "../errors.ts"
import { DemoSignIn } from "../signIn.ts"

/** The header's sign-in badge. */
export function SignInBadge() {
  const state = useEffectResult(() => DemoSignIn, [])
  if (state._tag !== "Success") return null
  const signIn = state.value
  if (signIn._tag === "KeyBound") {
    return (
      <div className="signin signed" data-testid="sign-in-state" data-state="signed">
        <span className="badge">key bound · signed requests</span>
      </div>
    )
  }
  return (
    <div className="signin unsigned" data-testid="sign-in-state" data-state="unsigned">
      <span className="badge">{signIn._tag === "Guest" ? "guest · unsigned requests" : "unsigned requests"}</span>
      {signIn._tag === "Unsigned" && (
        <span className="signin-problem" role="status" data-testid="signing-problem">
          {describeError(signIn.problem)}
        </span>
      )}
    </div>
  )
}
