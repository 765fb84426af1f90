/**
 * Rule: requests include credentials (cookies) cross-domain, except to CDN and object-storage hosts, which get
 * `same-origin` (spec §6). The choice is passed to fetch through `FetchHttpClient.RequestInit`.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { hostMatchesSuffix } from "../../config/PlatformConfig.ts"
import { hostOf, middleware } from "./middleware.ts"

const include: RequestInit = { credentials: "include" }
const sameOrigin: RequestInit = { credentials: "same-origin" }

/** The fetch credentials mode for a URL. */
export const credentialsFor = (url: string, credentiallessHostSuffixes: ReadonlyArray<string>): RequestCredentials => {
  const host = hostOf(url)
  return host !== undefined && hostMatchesSuffix(host, credentiallessHostSuffixes) ? "same-origin" : "include"
}

/** Send with `credentials: "include"`, or `same-origin` to CDN and object-storage hosts. */
export const withCredentials = <E, R>(credentiallessHostSuffixes: ReadonlyArray<string>) =>
  middleware<E, R, E, R>((request, send) =>
    Effect.provideService(
      send(request),
      FetchHttpClient.RequestInit,
      credentialsFor(request.url, credentiallessHostSuffixes) === "include" ? include : sameOrigin
    )
  )
