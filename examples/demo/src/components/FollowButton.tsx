/**
 * Follow a friend: the Follow mutation (../queries.ts: `POST {friends}/v1/users/{id}/follow`, which the emulator
 * answers with a challenge). The ChallengeHost shows it; once completed, the library re-sends the request, the
 * button says "Following ✓" and the friends list refetches; a failed challenge (abandoned, invalidated, …) is shown
 * as a typed sentence under the card.
 */
import { demo } from "../app.ts"
import { describeError } from "../errors.ts"
import { Follow } from "../queries.ts"

/** The button's state for tests and styles: the mutation's, with a success said as `Following`. */
const stateNames = {
  Idle: "Idle",
  Pending: "Pending",
  Success: "Following",
  Failure: "Failed",
  Defect: "Failed"
} as const

/** The Follow button of a friend card, with its outcome. */
export function FollowButton(props: { readonly userId: number; readonly name: string }) {
  const follow = demo.useMutation(Follow)
  const { state } = follow
  const failure =
    state._tag === "Failure"
      ? describeError(state.error)
      : state._tag === "Defect"
        ? "Unexpected error while following."
        : undefined
  return (
    <>
      <button
        type="button"
        className="follow"
        data-testid="follow"
        data-user-id={props.userId}
        data-state={stateNames[state._tag]}
        disabled={state._tag === "Pending" || state._tag === "Success"}
        onClick={() => follow.mutate(props.userId)}
        aria-label={`Follow ${props.name}`}
      >
        {state._tag === "Pending" ? "Following…" : state._tag === "Success" ? "Following ✓" : "Follow"}
      </button>
      {failure !== undefined && (
        <p className="follow-error error-text" role="alert" data-testid="follow-error">
          Could not follow {props.name}. {failure}
        </p>
      )}
    </>
  )
}
