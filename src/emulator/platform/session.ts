/**
 * Sessions: who a request is signed in as. The emulator has no login: the `emu_session` cookie names the user
 * (`u42`) or a guest (`guest`); without the cookie a request is the default user (user 1 unless configured, or a
 * guest when the emulator runs with `--guest`). The session also keys the anti-forgery token.
 *
 * @module
 */
import { Context } from "effect"

/** The session cookie's name. */
export const sessionCookie = "emu_session"

/** The session of a request. */
export interface Session {
  /** What CSRF tokens are kept under. */
  readonly key: string
  /** The signed-in user, or undefined for a guest. */
  readonly userId: number | undefined
}

/** The cookie value for a user (or a guest when `userId` is undefined). */
export const sessionCookieValue = (userId: number | undefined): string =>
  userId === undefined ? "guest" : `u${userId}`

/** The session of a request from its cookies. */
export const sessionOf = (cookies: Readonly<Record<string, string>>, defaultUserId: number | undefined): Session => {
  const value = cookies[sessionCookie]
  if (value === undefined) return { key: "default", userId: defaultUserId }
  const match = /^u(\d+)$/.exec(value)
  return { key: `cookie:${value}`, userId: match === null ? undefined : Number(match[1]) }
}

/** The session of the request being served (a guest outside a request). */
export const CurrentSession = Context.Reference<Session>("emulator/CurrentSession", {
  defaultValue: () => ({ key: "default", userId: undefined })
})
