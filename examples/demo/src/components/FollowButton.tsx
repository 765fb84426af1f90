/**
 * Follow a friend: `POST {friends}/v1/users/{id}/follow`, which the emulator answers with a challenge. The
 * ChallengeHost shows it; once completed, the library re-sends the request and the button says "Following";
 * a failed challenge (abandoned, invalidated, …) is shown as a typed sentence under the card.
 */
import { Cause } from "effect"
import { useState } from "react"
import { useDemo } from "../DemoContext.ts"
import { describeError } from "../errors.ts"
import { useRuntime } from "../lib.ts"

type FollowState =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Pending" }
  | { readonly _tag: "Following" }
  | { readonly _tag: "Failed"; readonly message: string }

/** The Follow button of a friend card, with its outcome. */
export function FollowButton(props: { readonly userId: number; readonly name: string }) {
  const api = useDemo()
  const runtime = useRuntime()
  const [state, setState] = useState<FollowState>({ _tag: "Idle" })
  const follow = () => {
    setState({ _tag: "Pending" })
    runtime.runPromiseExit(api.follow(props.userId)).then((exit) => {
      if (exit._tag === "Success") return setState({ _tag: "Following" })
      const error = Cause.findErrorOption(exit.cause)
      setState({
        _tag: "Failed",
        message: error._tag === "Some" ? describeError(error.value) : "Unexpected error while following."
      })
    })
  }
  return (
    <>
      <button
        type="button"
        className="follow"
        data-testid="follow"
        data-user-id={props.userId}
        data-state={state._tag}
        disabled={state._tag === "Pending" || state._tag === "Following"}
        onClick={follow}
        aria-label={`Follow ${props.name}`}
      >
        {state._tag === "Pending" ? "Following…" : state._tag === "Following" ? "Following ✓" : "Follow"}
      </button>
      {state._tag === "Failed" && (
        <p className="follow-error error-text" role="alert" data-testid="follow-error">
          Could not follow {props.name}. {state.message}
        </p>
      )}
    </>
  )
}
