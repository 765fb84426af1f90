/**
 * Class: never a secret in a log. A caller that writes a secret into a request URL (a token in the query, user info,
 * a fragment) gets it back in its own error value, but nothing the library logs or sends to telemetry shows it:
 * every URL there is shown by the one rule of src/core/text/redactUrl.ts (docs/security.md).
 *
 * Each case makes the pipeline fail in one way (ResponseError 5xx and 4xx, FetchError, TimeoutError,
 * RedirectError) with a URL carrying `user:pw@`, `?token=SECRET&x=1` and `#frag`, then reads every captured log
 * line (text, every message part rendered as a string, annotations) and every telemetry payload the beacon
 * delivered.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { type BeaconTransport, Telemetry } from "../../src/core/browser/Telemetry.ts"
import { PlatformConfig, type PlatformConfigInput } from "../../src/core/config/PlatformConfig.ts"
import { csrfStorageKey } from "../../src/core/csrf/CsrfStore.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { MemoryKeyValueStore } from "../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../src/testing/memory/MemoryLogger.ts"
import { jsonResponse, opaqueRedirectResponse, StubFetch, type StubHandler } from "../../src/testing/StubFetch.ts"
import { makeRequestSigner } from "../../src/core/signing/makeRequestSigner.ts"
import { RequestSigner } from "../../src/core/signing/RequestSigner.ts"
import { SigningFailure } from "../../src/core/signing/SigningFailure.ts"
import { platformUrl, signingSettings } from "./support.ts"

/** The caller's URL: user info, a token and an ordinary parameter in the query, a fragment. */
const secretUrl = "https://user:pw@apis.example.com/v1/things?token=SECRET&x=1#frag"
/** What the library shows of it. */
const shownUrl = "https://apis.example.com/v1/things?token=[redacted]&x=1#[redacted]"

/** A beacon transport keeping every body it is handed (parsed), as a browser would post it. */
const beaconWire = () => {
  const payloads: Array<unknown> = []
  const transport: BeaconTransport = {
    sendBeacon: (_, body) => {
      payloads.push(JSON.parse(body))
      return true
    }
  }
  return { payloads, transport }
}

/** PlatformHttp over `handler`, with telemetry delivering to `wire` and every log line captured. */
const layer = (handler: StubHandler, wire: ReturnType<typeof beaconWire>, config: PlatformConfigInput = {}) =>
  PlatformHttp.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(
      StubFetch.layer(handler),
      PlatformConfig.layer({ requestTimeoutMs: 1_000, ...config }),
      // a stored anti-forgery token: mutations to the platform carry a secret (and so never follow a redirect)
      MemoryKeyValueStore.layer({ initial: { [csrfStorageKey]: "csrf-stored-1234" } }),
      Telemetry.beacon("https://telemetry.example.com/v1", () => wire.transport),
      MemoryLogger.layer()
    ))
  )

/** Everything the library wrote: each log line's text, its message parts as strings, its annotations; each payload. */
const written = (wire: ReturnType<typeof beaconWire>) =>
  Effect.gen(function*() {
    const lines = yield* (yield* MemoryLogger).entries
    const logs = lines.map((line) =>
      [line.text, ...line.message.map((part) => typeof part === "string" ? part : `${String(part)} ${JSON.stringify(part)}`), JSON.stringify(line.annotations)]
        .join("\n")
    )
    return { logs, payloads: wire.payloads.map((payload) => JSON.stringify(payload)) }
  })

/** The secret, the user info and the fragment are nowhere; `path` is in each log line and payload. */
const assertRedacted = (texts: ReadonlyArray<string>, path = "/v1/things") => {
  assert.isAbove(texts.length, 0)
  for (const text of texts) {
    assert.notInclude(text, "SECRET")
    assert.notInclude(text, "user:pw")
    assert.notInclude(text, "pw@")
    assert.notInclude(text, "frag")
    assert.notInclude(text, "csrf-stored-1234")
    assert.include(text, path)
  }
}

describe("URLs in logs and telemetry (docs/security.md: nothing secret in a log)", () => {
  it.effect("a 5xx ResponseError: Error log line and error payload show the URL redacted; the caller's error keeps it", () => {
    const wire = beaconWire()
    return Effect.gen(function*() {
      const error = yield* Effect.flip((yield* PlatformHttp).get(secretUrl))
      assert.strictEqual(error._tag === "ResponseError" && error.url, secretUrl)
      assert.include(error.message, secretUrl)
      const { logs, payloads } = yield* written(wire)
      assert.deepStrictEqual(logs.length, 1)
      assert.include(logs[0]!, `Reported error ResponseError: Response from ${shownUrl} returned an error code 500: down`)
      assert.deepStrictEqual(wire.payloads.map((p): unknown => ({ ...(p as object), timestamp: 0 })), [{
        type: "error",
        tag: "ResponseError",
        message: `Response from ${shownUrl} returned an error code 500: down`,
        context: { kind: "ResponseError", method: "GET", url: shownUrl, status: "500" },
        timestamp: 0
      }])
      assertRedacted([...logs, ...payloads])
    }).pipe(Effect.provide(layer(() => new Response("down", { status: 500 }), wire)))
  })

  it.effect("a server message echoing the URL and the token (a 4xx, logged at Debug) is redacted too", () => {
    const wire = beaconWire()
    return Effect.gen(function*() {
      const error = yield* Effect.flip((yield* PlatformHttp).post(secretUrl))
      assert.strictEqual(error._tag === "ResponseError" && error.serverMessage, `token SECRET expired for ${secretUrl}`)
      const { logs, payloads } = yield* written(wire)
      assert.include(logs[0]!, `: token [redacted] expired for ${shownUrl}`)
      assertRedacted([...logs, ...payloads])
    }).pipe(Effect.provide(layer(
      () => jsonResponse({ errors: [{ code: 7, message: `token SECRET expired for ${secretUrl}` }] }, { status: 400 }),
      wire
    )))
  })

  it.effect("a secret nested in a returnUrl value, after `;`, or under an array-style name is redacted, and so is its echo", () => {
    const wire = beaconWire()
    const url = "https://apis.example.com/v1/things?returnUrl=https%3A%2F%2Fwww.example.com%2Fgames%2F1%3FprivateServerLinkCode%3DSECRET1"
      + ";access_code=SECRET2&code[]=SECRET3&x=1"
    const shown = "https://apis.example.com/v1/things?returnUrl=https%3A%2F%2Fwww.example.com%2Fgames%2F1%3FprivateServerLinkCode%3D[redacted]"
      + ";access_code=[redacted]&code[]=[redacted]&x=1"
    return Effect.gen(function*() {
      const error = yield* Effect.flip((yield* PlatformHttp).post(url))
      assert.strictEqual(error._tag === "ResponseError" && error.url, url)
      const { logs, payloads } = yield* written(wire)
      assert.include(logs[0]!, `: link code [redacted] (or [redacted]) expired for ${shown}`)
      assertRedacted([...logs, ...payloads])
    }).pipe(Effect.provide(layer(
      () => jsonResponse({ errors: [{ code: 7, message: `link code SECRET1 (or SECRET3) expired for ${url}` }] }, { status: 400 }),
      wire
    )))
  })

  it.effect("a FetchError (fetch threw, quoting the URL) reports the URL redacted", () => {
    const wire = beaconWire()
    return Effect.gen(function*() {
      const error = yield* Effect.flip((yield* PlatformHttp).get(secretUrl))
      assert.strictEqual(error._tag === "FetchError" && error.url, secretUrl)
      const { logs, payloads } = yield* written(wire)
      assert.include(logs[0]!, `Reported error FetchError: Request to ${shownUrl} failed before a response arrived`)
      assertRedacted([...logs, ...payloads])
    }).pipe(Effect.provide(layer(() => {
      throw new TypeError(`Failed to fetch ${secretUrl}`)
    }, wire)))
  })

  it.effect("a TimeoutError reports the URL redacted", () => {
    const wire = beaconWire()
    return Effect.gen(function*() {
      const fiber = yield* Effect.forkChild(Effect.flip((yield* PlatformHttp).get(secretUrl)))
      yield* TestClock.adjust(Duration.seconds(1))
      const error = yield* Fiber.join(fiber)
      assert.strictEqual(error._tag === "TimeoutError" && error.url, secretUrl)
      const { logs, payloads } = yield* written(wire)
      assert.include(logs[0]!, `Reported error TimeoutError: Request to ${shownUrl} got no response within 1000 ms`)
      assertRedacted([...logs, ...payloads])
    }).pipe(Effect.provide(layer(() => new Promise<Response>(() => {}), wire)))
  })

  it.effect("a RedirectError reports the URL redacted", () => {
    const wire = beaconWire()
    return Effect.gen(function*() {
      const error = yield* Effect.flip((yield* PlatformHttp).post(secretUrl))
      assert.strictEqual(error._tag === "RedirectError" && error.url, secretUrl)
      const { logs, payloads } = yield* written(wire)
      assert.include(logs[0]!, `Reported error RedirectError: Request to ${shownUrl} was answered with a redirect`)
      assertRedacted([...logs, ...payloads])
    }).pipe(Effect.provide(layer(opaqueRedirectResponse, wire)))
  })

  it.effect("a relative URL is shown from its path on, redacted; a URL the parser rejects is never shown", () => {
    const wire = beaconWire()
    return Effect.gen(function*() {
      const http = yield* PlatformHttp
      yield* Effect.flip(http.get("/v1/things?token=SECRET&x=1#frag"))
      yield* Effect.flip(http.get("https://user:pw@[::1/v1/things?token=SECRET#frag"))
      const { logs, payloads } = yield* written(wire)
      assert.deepStrictEqual(wire.payloads.map((p) => (p as { context: { url: string } }).context.url), [
        "/v1/things?token=[redacted]&x=1#[redacted]",
        "[unparsable URL]"
      ])
      assertRedacted([logs[0]!, payloads[0]!])
      assertRedacted([logs[1]!, payloads[1]!], "[unparsable URL]")
    }).pipe(Effect.provide(layer(() => new Response("down", { status: 500 }), wire)))
  })

  it.effect("control: a URL without secrets is reported as written", () => {
    const wire = beaconWire()
    return Effect.gen(function*() {
      yield* Effect.flip((yield* PlatformHttp).get(`${platformUrl}?limit=10`))
      assert.deepStrictEqual(wire.payloads.map((p) => (p as { message: string }).message), [
        `Response from ${platformUrl}?limit=10 returned an error code 500: down`
      ])
    }).pipe(Effect.provide(layer(() => new Response("down", { status: 500 }), wire)))
  })

  it.effect("the signing failure report (log line and sampled event) names the reason and the host, never the URL or the cause", () => {
    const wire = beaconWire()
    const failingSigner = Layer.effect(
      RequestSigner,
      Effect.gen(function*() {
        const telemetry = yield* Telemetry
        return RequestSigner.of(makeRequestSigner(yield* PlatformConfig, telemetry, () =>
          Effect.fail(new SigningFailure({ reason: "SignatureFailed", detail: "signing failed", cause: new Error(`at ${secretUrl}`) }))))
      })
    )
    const config: PlatformConfigInput = {
      user: { id: 7, name: "u7", displayName: "U7", authenticated: true },
      boundAuthToken: { ...signingSettings, eventSampleRatePerMillion: 1_000_000 }
    }
    return Effect.gen(function*() {
      // the secret URL without its user info: a URL with user info is never signed (fetch refuses it)
      yield* (yield* PlatformHttp).post(secretUrl.replace("user:pw@", ""))
      const { logs, payloads } = yield* written(wire)
      assert.deepStrictEqual((yield* (yield* MemoryLogger).entries).map((l) => l.text), [
        "Request sent without a bound-auth token (SignatureFailed): signing failed"
      ])
      assert.deepStrictEqual(wire.payloads.map((p): unknown => ({ ...(p as object), timestamp: 0 })), [
        { type: "event", name: "boundAuthTokenMissing", properties: { kind: "SignatureFailed", host: "apis.example.com" }, timestamp: 0 }
      ])
      assertRedacted([...logs, ...payloads], "")
      for (const text of [...logs, ...payloads]) assert.notInclude(text, "/v1/things")
    }).pipe(Effect.provide(layer(() => new Response("{}", { status: 200 }), wire, config).pipe(
      Layer.provide(failingSigner),
      Layer.provideMerge(Layer.mergeAll(
        PlatformConfig.layer({ requestTimeoutMs: 1_000, ...config }),
        Telemetry.beacon("https://telemetry.example.com/v1", () => wire.transport)
      ))
    )))
  })
})
