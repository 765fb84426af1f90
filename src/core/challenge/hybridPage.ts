/**
 * The hybrid challenge page's URL and origin.
 *
 * The page is served from the `www` base URL of PlatformConfig at `ChallengePagePath` (default
 * `/challenge/cdn/hybrid`). Its query carries `challengeId`, `challengeType` (as the server spelt it: the page is
 * the platform's own and knows its vocabulary, types this library does not know yet included), `challengeMetadata`
 * (the metadata re-encoded in base64, as the header carried it) and `parentOrigin` (the exact origin the page posts
 * its messages to; the page must post to it and never to `*`).
 *
 * @module
 */
import { encodeChallengeMetadata } from "./headers.ts"
import type { Challenge } from "./metadata.ts"

/** The query parameter names of the hybrid page. */
export const hybridPageParams = {
  id: "challengeId",
  type: "challengeType",
  metadata: "challengeMetadata",
  parentOrigin: "parentOrigin"
} as const

/** The origin of a base URL (`https://www.example.com/prefix` → `https://www.example.com`); undefined if invalid. */
export const originOf = (url: string): string | undefined => {
  try {
    const origin = new URL(url).origin
    return origin === "null" ? undefined : origin
  } catch {
    return undefined
  }
}

/** The URL of the hybrid page showing `challenge`. */
export const hybridPageUrl = (options: {
  readonly www: string
  readonly path: string
  readonly challenge: Challenge
  readonly parentOrigin: string
}): string => {
  const query = new URLSearchParams({
    [hybridPageParams.id]: options.challenge.id,
    [hybridPageParams.type]: options.challenge.serverType,
    [hybridPageParams.metadata]: encodeChallengeMetadata(options.challenge.rawMetadata),
    [hybridPageParams.parentOrigin]: options.parentOrigin
  })
  const base = options.www.replace(/\/+$/, "")
  const path = options.path.startsWith("/") ? options.path : `/${options.path}`
  return `${base}${path}?${query.toString()}`
}
