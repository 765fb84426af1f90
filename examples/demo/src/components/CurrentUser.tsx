/**
 * The signed-in user, from `GET /v1/users/authenticated`.
 */
import { useDemo } from "../DemoContext.ts"
import { describeError } from "../errors.ts"
import { useEffectResult } from "../lib.ts"
import { SignInBadge } from "./SignInBadge.tsx"
import { Thumb } from "./Thumb.tsx"

/** The top bar with the signed-in user; renders `children` with the user's id once signed in. */
export function CurrentUser(props: { readonly children: (userId: number) => React.ReactNode }) {
  const api = useDemo()
  const me = useEffectResult(() => api.users.getAuthenticatedUser(), [api])
  return (
    <>
      <header className="topbar">
        <div className="brand">
          <span className="logo">◆</span> platform-web-client <span className="muted">· demo on the local emulator</span>
        </div>
        <SignInBadge />
        <div className="me" data-testid="current-user">
          {me._tag === "Loading" && <span className="muted">Signing in…</span>}
          {me._tag === "Failure" && <span className="error-text">Not signed in: {describeError(me.error)}</span>}
          {me._tag === "Defect" && <span className="error-text">Not signed in: unexpected error.</span>}
          {me._tag === "Success" && (
            <>
              <Thumb source={api.headshots} id={me.value.id} alt={me.value.displayName} className="avatar small" />
              <span>
                <strong>{me.value.displayName}</strong> <span className="muted">@{me.value.name}</span>
              </span>
            </>
          )}
        </div>
      </header>
      {me._tag === "Success" ? props.children(me.value.id) : me._tag === "Loading" ? null : (
        <p className="notice">Sign in to see your friends. Restart the emulator without <code>--guest</code>.</p>
      )}
    </>
  )
}
