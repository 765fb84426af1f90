/**
 * The signed-in user, from `GET {users}/v1/users/authenticated` through the typed UsersClient (a query:
 * ../queries.ts).
 */
import type { ReactNode } from "react"
import { demo } from "../app.ts"
import { describeError } from "../errors.ts"
import { headshot } from "../pictures.ts"
import { CurrentUserQuery } from "../queries.ts"
import { SignInBadge } from "./SignInBadge.tsx"
import { Thumb } from "./Thumb.tsx"

/** The top bar with the signed-in user; renders `children` once signed in. */
export function CurrentUser(props: { readonly children: ReactNode }) {
  const me = demo.useQuery(CurrentUserQuery)
  return (
    <>
      <header className="topbar">
        <div className="brand">
          <span className="logo">◆</span> platform-web-client{" "}
          <span className="muted">· demo on the local emulator</span>
        </div>
        <SignInBadge />
        <div className="me" data-testid="current-user">
          {me._tag === "Loading" && <span className="muted">Signing in…</span>}
          {me._tag === "Failure" && <span className="error-text">Not signed in: {describeError(me.error)}</span>}
          {me._tag === "Defect" && <span className="error-text">Not signed in: unexpected error.</span>}
          {me._tag === "Success" && (
            <>
              <Thumb request={headshot(me.value.id)} alt={me.value.displayName} className="avatar small" />
              <span>
                <strong>{me.value.displayName}</strong> <span className="muted">@{me.value.name}</span>
              </span>
            </>
          )}
        </div>
      </header>
      {me._tag === "Success" ? (
        props.children
      ) : me._tag === "Loading" ? null : (
        <p className="notice">
          Sign in to see your friends. Restart the emulator without <code>--guest</code>.
        </p>
      )}
    </>
  )
}
