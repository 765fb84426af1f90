/**
 * Wiring for the trust-boundary tests: PlatformHttp over a stub fetch, memory storage (seeded), memory logger and
 * telemetry, a signer that applies the real signing policy (SigningPolicy via makeRequestSigner) with a fake
 * token, and the on-demand challenge loader with a recording stand-in for the flow. Everything a test needs to
 * assert exact requests and exact stored state.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type KeyValueStoreShape, StorageError } from "../../src/core/browser/KeyValueStore.ts"
import { Telemetry } from "../../src/core/browser/Telemetry.ts"
import { ChallengeInterceptor } from "../../src/core/challenge/ChallengeInterceptor.ts"
import { PlatformConfig, type PlatformConfigInput } from "../../src/core/config/PlatformConfig.ts"
import { CsrfStore, csrfStorageKey } from "../../src/core/csrf/CsrfStore.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { SessionHeaders } from "../../src/core/http/SessionHeaders.ts"
import { makeRequestSigner } from "../../src/core/signing/makeRequestSigner.ts"
import { RequestSigner } from "../../src/core/signing/RequestSigner.ts"
import { challengeFlowOnDemand } from "../../src/core/challenge/Challenges.ts"
import { MemoryKeyValueStore } from "../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../src/testing/memory/MemoryLogger.ts"
import { MemoryTelemetry } from "../../src/testing/memory/MemoryTelemetry.ts"
import { StubFetch, type StubHandler } from "../../src/testing/StubFetch.ts"

/** The site of these tests: services on sub-domains of example.com (platformHosts derived: `example.com`). */
export const site = "example.com"

/** A platform URL. */
export const platformUrl = "https://apis.example.com/v1/things"

/** The secrets every test starts with: a stored CSRF token and relayed token/proxy/challenge-meta values. */
export const seeded = {
  csrf: "csrf-seeded-0123",
  token: "token-seeded-4567",
  proxy: "proxy-seeded-89ab",
  challengeMeta: "meta-seeded-cdef"
} as const

/** The request header names that carry secrets or trace ids (lower case). */
export const secretHeaders = [
  "x-csrf-token",
  "x-platform-token",
  "x-platform-proxy",
  "rblx-challenge-meta",
  "x-bound-auth-token",
  "rblx-challenge-id",
  "rblx-challenge-type",
  "rblx-challenge-metadata"
] as const

/** Trace propagation headers. */
export const traceHeaders = ["b3", "traceparent"] as const

/** Signing on for user 7, allow-listed for the site's sub-domains (and, to prove the AND, one host outside it). */
export const signingSettings = {
  enabled: true,
  allowedHostSuffixes: [`.${site}`, "partner.net"],
  sampleRatePerMillion: 1_000_000,
  eventSampleRatePerMillion: 0,
  databaseName: "db",
  storeName: "store",
  keyName: "key"
} as const

/** A page that signs, traces every request and duplicates every GET to allow-listed hosts (ratio 1). */
export const trustingConfig = (extra: PlatformConfigInput = {}): PlatformConfigInput => ({
  user: { id: 7, name: "u7", displayName: "U7", authenticated: true },
  boundAuthToken: signingSettings,
  // allow-lists that stray outside the platform on purpose: the platform-host rule must still hold
  tracing: { allowedHostSuffixes: [site, "evil.net", "partner.net"], samplingPercentage: 100 },
  duplication: { allowedHostSuffixes: [site, "evil.net", "partner.net"], ratio: 1 },
  ...extra
})

/** What the challenge stand-ins saw: how often the flow was loaded, and the URLs it was handed. */
export interface ChallengeProbe {
  loads: number
  readonly intercepted: Array<string>
}

/** A fresh probe. */
export const challengeProbe = (): ChallengeProbe => ({ loads: 0, intercepted: [] })

/**
 * The on-demand challenge interceptor (the one `browserPlatformLayer({ challenges: Challenges.browser })` uses) over a stand-in
 * flow that records what it is handed and returns the response unchanged.
 */
export const probedChallenges = (probe: ChallengeProbe) =>
  challengeFlowOnDemand(
    () => {
      probe.loads++
      return Promise.resolve(probe)
    },
    (loaded) =>
      Effect.succeed(
        ChallengeInterceptor.of({
          intercept: (request, response) =>
            Effect.sync(() => {
              loaded.intercepted.push(request.url)
              return response
            })
        })
      )
  )

/** A RequestSigner with the real policy (SigningPolicy) and a fake token naming what it signed. */
export const policySigner = Layer.effect(
  RequestSigner,
  Effect.gen(function* () {
    const config = yield* PlatformConfig
    const telemetry = yield* Telemetry
    return RequestSigner.of(
      makeRequestSigner(config, telemetry, (_, request) => Effect.succeed(`v1|hash|1|sig-of-${request.host}`))
    )
  })
)

/** Options of {@link securityLayer}. */
export interface SecurityLayerOptions {
  readonly config?: PlatformConfigInput
  /** Local storage at start; default: the seeded CSRF token. */
  readonly storage?: Readonly<Record<string, string>>
  /** Seed SessionHeaders with the seeded token, proxy and challenge-meta values (default true). */
  readonly seedSession?: boolean
  readonly probe?: ChallengeProbe
}

/**
 * PlatformHttp with the policy signer and the on-demand challenge loader, over a stub fetch, memory storage
 * (holding the seeded CSRF token), memory telemetry and a memory logger. SessionHeaders start with the seeded
 * values. Exposes StubFetch, MemoryKeyValueStore, MemoryLogger, MemoryTelemetry, CsrfStore and SessionHeaders.
 */
export const securityLayer = (handler: StubHandler, options: SecurityLayerOptions = {}) => {
  const base = Layer.mergeAll(
    StubFetch.layer(handler),
    PlatformConfig.layer(options.config ?? trustingConfig()),
    MemoryKeyValueStore.layer({ initial: options.storage ?? { [csrfStorageKey]: seeded.csrf } }),
    MemoryTelemetry.layer(),
    MemoryLogger.layer()
  )
  const session = Layer.effectDiscard(
    options.seedSession === false
      ? Effect.void
      : Effect.flatMap(SessionHeaders, (s) =>
          s.update({ token: seeded.token, proxy: seeded.proxy, challengeMeta: seeded.challengeMeta })
        )
  )
  return session.pipe(
    Layer.provideMerge(PlatformHttp.layer),
    Layer.provide(Layer.merge(policySigner, probedChallenges(options.probe ?? challengeProbe()))),
    Layer.provideMerge(base)
  )
}

/** The stored state the tests compare: the CSRF store, SessionHeaders and local storage. */
export const storedState = Effect.gen(function* () {
  return {
    csrf: (yield* CsrfStore).current(),
    session: (yield* SessionHeaders).current(),
    storage: Object.fromEntries(yield* (yield* MemoryKeyValueStore).entries)
  }
})

/** The state right after {@link securityLayer} starts with its defaults. */
export const seededState = {
  csrf: seeded.csrf,
  session: { token: seeded.token, proxy: seeded.proxy, challengeMeta: seeded.challengeMeta },
  storage: { [csrfStorageKey]: seeded.csrf }
}

/** The secret and trace headers a recorded request carries, by name. */
export const secretsIn = (headers: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    [...secretHeaders, ...traceHeaders].flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]!]]))
  )

/** Every captured log line's text. */
export const logTexts = Effect.map(
  Effect.flatMap(MemoryLogger, (l) => l.entries),
  (lines) => lines.map((l) => l.text)
)

/** Let forked fibers and promise callbacks run (a real macrotask). */
export const settle = Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 0)))

/**
 * Wait until the stub fetch has received `count` requests (and the fibers around them had a turn), however loaded
 * the machine: at most 1,000 turns, then fail.
 */
export const untilSent = (count: number) =>
  Effect.gen(function* () {
    const stub = yield* StubFetch
    for (let turn = 0; turn < 1_000; turn++) {
      if (stub.requests.length >= count) return yield* settle
      yield* settle
    }
    return yield* Effect.die(new Error(`the stub fetch never received ${count} request(s)`))
  })

/** The token {@link remoteStoreFailing}'s failures quote. */
export const remoteStoreToken = "KV-SECRET-1"

/**
 * An app's own KeyValueStore (over a remote one, say) whose writes fail with a StorageError whose `cause` quotes
 * its URL with a token and the value it was given: what a log line must not show. Reads find nothing.
 */
export const remoteStoreFailing: KeyValueStoreShape = {
  get: () => Effect.succeed(undefined),
  set: (key, value) =>
    Effect.fail(
      new StorageError({
        reason: "Unknown",
        operation: "set",
        key,
        cause: new Error(`PUT https://kv.example.net/v1?token=${remoteStoreToken} with ${value} failed`)
      })
    ),
  remove: () => Effect.void
}

/** The log lines at `level`: each one's message parts, and all of them (parts, parts as strings, annotations) as one text. */
export const loggedAt = (level: string) =>
  Effect.map(
    Effect.flatMap(MemoryLogger, (l) => l.entries),
    (entries) => {
      const lines = entries.filter((l) => l.level === level)
      return {
        messages: lines.map((l) => l.message),
        everything: JSON.stringify(lines.map((l) => [l.message.map(String), l.message, l.annotations]))
      }
    }
  )
