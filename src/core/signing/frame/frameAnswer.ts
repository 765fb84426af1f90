/**
 * The page side's reading of the frame's `batHeader` answers (./protocol.ts): which waiting request an answer is
 * for, and what it says.
 *
 * - An answer with an `identifier` is for the request posted under that identifier, if it still waits; otherwise
 *   it is ignored (a late answer, a flood of wrong identifiers).
 * - An answer without one (the real page side allows it) is taken only when exactly one request waits: then it
 *   can be for no other. With two or more waiting it is ignored and they time out (unsigned). It has passed the
 *   origin and window checks, so only the frame itself can send it; the one case it can misplace is a frame that
 *   answers a request after the page stopped waiting for it while exactly one other waits: that request then
 *   carries a token the server does not verify, as it would if the frame signed wrongly.
 * - `isError: true` → not signed. Otherwise the token is the `batHeader` entry named like the configured header
 *   (`PlatformConfig.headers.boundAuthToken`, compared case-insensitively as header names are), and must be a
 *   well-formed bound-auth token of either form; any other key of `batHeader` is ignored (never copied onto the
 *   request). No such token → not signed.
 *
 * @module
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import { BoundAuthTokenString } from "../token/BoundAuthToken.ts"
import type { BatHeaderData } from "./protocol.ts"

/** What an answer says: the token, or why there is none (a fixed text). */
export type FrameOutcome = { readonly token: string } | { readonly refused: string }

const decodeToken = Schema.decodeUnknownOption(BoundAuthTokenString)

/** The waiting request `answer` is for, if any (see the module doc). */
export const waitingFor = <A>(waiting: ReadonlyMap<string, A>, answer: typeof BatHeaderData.Type): A | undefined => {
  if (answer.identifier !== undefined) return waiting.get(answer.identifier)
  if (waiting.size !== 1) return undefined
  return waiting.values().next().value
}

/** The value of the header `name` in `headers` (case-insensitive; an exact-case key first). */
const headerValue = (headers: Readonly<Record<string, unknown>>, name: string): unknown => {
  if (Object.hasOwn(headers, name)) return headers[name]
  const lower = name.toLowerCase()
  const key = Object.keys(headers).find((k) => k.toLowerCase() === lower)
  return key === undefined ? undefined : headers[key]
}

/** What `answer` says, the token read from the header `headerName`. */
export const readAnswer = (answer: typeof BatHeaderData.Type, headerName: string): FrameOutcome => {
  if (answer.isError === true) return { refused: "security frame could not sign (isError)" }
  const token = decodeToken(headerValue(answer.batHeader ?? {}, headerName))
  return Option.isSome(token)
    ? { token: token.value }
    : { refused: "security frame answered without a well-formed token" }
}
