/**
 * Rule: requests include credentials (cookies) cross-domain, except to CDN and object-storage hosts, which get
 * `same-origin` (spec §6). The choice is passed to fetch through `FetchHttpClient.RequestInit` (one of two shared
 * objects, which the redirect guard below extends for secret-carrying requests).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { hostMatchesSuffix } from "../../config/PlatformConfig.ts"
import type { Targets } from "../targets.ts"
import { middleware } from "./middleware.ts"

const include: RequestInit = { credentials: "include" }
const sameOrigin: RequestInit = { credentials: "same-origin" }

/** The fetch credentials mode for a request to `host` (undefined: a URL without a host). */
export const credentialsFor = (
  host: string | undefined,
  credentiallessHostSuffixes: ReadonlyArray<string>
): RequestCredentials =>
  host !== undefined && hostMatchesSuffix(host, credentiallessHostSuffixes) ? "same-origin" : "include"

/** Send with `credentials: "include"`, or `same-origin` to CDN and object-storage hosts. */
export const withCredentials = <E, R>(credentiallessHostSuffixes: ReadonlyArray<string>, targets: Targets) =>
  middleware<E, R, E, R>((request, send) =>
    Effect.provideService(
      send(request),
      FetchHttpClient.RequestInit,
      credentialsFor(targets(request.url).host, credentiallessHostSuffixes) === "include" ? include : sameOrigin
    )
  )
