/**
 * Follow a friend: `POST {friends}/v1/users/{id}/follow`, which the emulator answers with a challenge. The
 * ChallengeHost shows it; once completed, the library re-sends the request and the button says "Following";
 * a failed challenge (abandoned, invalidated, …) is shown as a typed sentence under the card.
 */
import { Effect, Schema } from "effect"
import { PlatformHttp } from "platform-web-client"
import { exitToResult, useRuntime } from "platform-web-client/react"
import { useState } from "react"
import { describeError } from "../errors.ts"

/** The emulator's answer to a follow. */
const FollowAnswer = Schema.Struct({ success: Schema.Boolean, targetUserId: Schema.Number })

/**
 * Follow `userId`. The typed friends client has no follow call, so this goes through PlatformHttp.post (the same
 * pipeline: CSRF, signing, the challenge flow); a failed challenge is a ChallengeError.
 */
const followUser = (userId: number) =>
  Effect.flatMap(PlatformHttp, (http) =>
    http.post({ service: "friends", path: `/v1/users/${userId}/follow` }, { schema: FollowAnswer, operation: "followUser" }))

type FollowState =
  | { readonly _tag: "Idle" }
  | { readonly _tag: "Pending" }
  | { readonly _tag: "Following" }
  | { readonly _tag: "Failed"; readonly message: string }

/** The Follow button of a friend card, with its outcome. */
export function FollowButton(props: { readonly userId: number; readonly name: string }) {
  const runtime = useRuntime<PlatformHttp>()
  const [state, setState] = useState<FollowState>({ _tag: "Idle" })
  const follow = () => {
    setState({ _tag: "Pending" })
    runtime.runPromiseExit(followUser(props.userId)).then((exit) => {
      const result = exitToResult(exit)
      if (result._tag === "Success") return setState({ _tag: "Following" })
      setState({
        _tag: "Failed",
        message: result._tag === "Failure" ? describeError(result.error) : "Unexpected error while following."
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
