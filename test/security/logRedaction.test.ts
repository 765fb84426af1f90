/**
 * Class: never a secret in a log. A caller that writes a secret into a request URL (a token in the query, user info,
 * a fragment) gets it back in its own error value (`url`), but nothing the library logs or sends to telemetry shows
 * it: every URL there is shown by the one rule of src/core/text/redactUrl.ts, which shows only the plain values of
 * allow-listed parameters (docs/security.md).
 *
 * Each case makes the pipeline fail in one way (ResponseError 5xx and 4xx, FetchError, TimeoutError,
 * RedirectError) with a URL carrying `?token=SECRET`, a recovery code under a name no list of secret words knew, an
 * allow-listed `limit=1` and `#frag` (and `user:pw@`, which is refused before anything is sent: a FetchError), then
 * reads every captured log line (text, every message part rendered as a string, annotations) and every telemetry
 * payload the beacon delivered.
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

/** The caller's URL: a token, a recovery code and an allow-listed parameter in the query, a fragment. */
const secretUrl = "https://apis.example.com/v1/things?token=SECRET&recoveryCode=SECRET-RECOVERY&limit=1#frag"
/** The same with user info (refused before it is sent). */
const userInfoUrl = secretUrl.replace("https://", "https://user:pw@")
/** What the library shows of it. */
const shownUrl = "https://apis.example.com/v1/things?token=[redacted]&recoveryCode=[redacted]&limit=1#[redacted]"

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
    Layer.provideMerge(
      Layer.mergeAll(
        StubFetch.layer(handler),
        PlatformConfig.layer({ requestTimeoutMs: 1_000, ...config }),
        // a stored anti-forgery token: mutations to the platform carry a secret (and so never follow a redirect)
        MemoryKeyValueStore.layer({ initial: { [csrfStorageKey]: "csrf-stored-1234" } }),
        Telemetry.beacon("https://telemetry.example.com/v1", () => wire.transport),
        MemoryLogger.layer()
      )
    )
  )

/** Everything the library wrote: each log line's text, its message parts as strings, its annotations; each payload. */
const written = (wire: ReturnType<typeof beaconWire>) =>
  Effect.gen(function* () {
    const lines = yield* (yield* MemoryLogger).entries
    const logs = lines.map((line) =>
      [
        line.text,
        ...line.message.map((part) => (typeof part === "string" ? part : `${String(part)} ${JSON.stringify(part)}`)),
        JSON.stringify(line.annotations)
      ].join("\n")
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
  it.effect(
    "a 5xx ResponseError: Error log line and error payload show the URL redacted; the caller's error keeps it",
    () => {
      const wire = beaconWire()
      return Effect.gen(function* () {
        const error = yield* Effect.flip((yield* PlatformHttp).get(secretUrl))
        assert.strictEqual(error._tag === "ResponseError" && error.url, secretUrl)
        const { logs, payloads } = yield* written(wire)
        assert.deepStrictEqual(logs.length, 1)
        assert.include(
          logs[0]!,
          `Reported error ResponseError: Response from ${shownUrl} returned an error code 500: down`
        )
        assert.deepStrictEqual(
          wire.payloads.map((p): unknown => ({ ...(p as object), timestamp: 0 })),
          [
            {
              type: "error",
              tag: "ResponseError",
              message: `Response from ${shownUrl} returned an error code 500: down`,
              context: { kind: "ResponseError", method: "GET", url: shownUrl, status: "500" },
              timestamp: 0
            }
          ]
        )
        assertRedacted([...logs, ...payloads])
      }).pipe(Effect.provide(layer(() => new Response("down", { status: 500 }), wire)))
    }
  )

  it.effect("a server message echoing the URL and the token (a 4xx, logged at Debug) is redacted too", () => {
    const wire = beaconWire()
    return Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post(secretUrl))
      assert.strictEqual(error._tag === "ResponseError" && error.serverMessage, `token SECRET expired for ${secretUrl}`)
      const { logs, payloads } = yield* written(wire)
      assert.include(logs[0]!, `: token [redacted] expired for ${shownUrl}`)
      assertRedacted([...logs, ...payloads])
    }).pipe(
      Effect.provide(
        layer(
          () =>
            jsonResponse({ errors: [{ code: 7, message: `token SECRET expired for ${secretUrl}` }] }, { status: 400 }),
          wire
        )
      )
    )
  })

  it.effect(
    "a returnUrl value (hidden whole), a value after `;` or under an array-style name: redacted, and so is an echo of what they hold",
    () => {
      const wire = beaconWire()
      const url =
        "https://apis.example.com/v1/things?returnUrl=https%3A%2F%2Fwww.example.com%2Fgames%2F1%3FprivateServerLinkCode%3DSECRET1" +
        ";access_code=SECRET2&code[]=SECRET3&x=1"
      const shown =
        "https://apis.example.com/v1/things?returnUrl=[redacted];access_code=[redacted]&code[]=[redacted]&x=[redacted]"
      return Effect.gen(function* () {
        const error = yield* Effect.flip((yield* PlatformHttp).post(url))
        assert.strictEqual(error._tag === "ResponseError" && error.url, url)
        const { logs, payloads } = yield* written(wire)
        assert.include(logs[0]!, `: link code [redacted] (or [redacted]) expired for ${shown}`)
        assertRedacted([...logs, ...payloads])
      }).pipe(
        Effect.provide(
          layer(
            () =>
              jsonResponse(
                { errors: [{ code: 7, message: `link code SECRET1 (or SECRET3) expired for ${url}` }] },
                { status: 400 }
              ),
            wire
          )
        )
      )
    }
  )

  it.effect("a FetchError (fetch threw, quoting the URL) reports the URL redacted", () => {
    const wire = beaconWire()
    return Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).get(secretUrl))
      assert.strictEqual(error._tag === "FetchError" && error.url, secretUrl)
      const { logs, payloads } = yield* written(wire)
      assert.include(logs[0]!, `Reported error FetchError: Request to ${shownUrl} failed before a response arrived`)
      assertRedacted([...logs, ...payloads])
    }).pipe(
      Effect.provide(
        layer(() => {
          throw new TypeError(`Failed to fetch ${secretUrl}`)
        }, wire)
      )
    )
  })

  it.effect(
    "a URL with user info is refused before it is sent (FetchError), and reported without its user info",
    () => {
      const wire = beaconWire()
      return Effect.gen(function* () {
        const error = yield* Effect.flip((yield* PlatformHttp).get(userInfoUrl))
        assert.strictEqual(error._tag === "FetchError" && error.url, userInfoUrl)
        assert.strictEqual((yield* StubFetch).requests.length, 0)
        const { logs, payloads } = yield* written(wire)
        assert.include(logs[0]!, `Reported error FetchError: Request to ${shownUrl} failed before a response arrived`)
        assertRedacted([...logs, ...payloads])
      }).pipe(Effect.provide(layer(() => new Response("{}"), wire)))
    }
  )

  it.effect("a TimeoutError reports the URL redacted", () => {
    const wire = beaconWire()
    return Effect.gen(function* () {
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
    return Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post(secretUrl))
      assert.strictEqual(error._tag === "RedirectError" && error.url, secretUrl)
      const { logs, payloads } = yield* written(wire)
      assert.include(logs[0]!, `Reported error RedirectError: Request to ${shownUrl} was answered with a redirect`)
      assertRedacted([...logs, ...payloads])
    }).pipe(Effect.provide(layer(opaqueRedirectResponse, wire)))
  })

  it.effect("a relative URL is shown from its path on, redacted; a URL the parser rejects is never shown", () => {
    const wire = beaconWire()
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* Effect.flip(http.get("/v1/things?token=SECRET&x=1&limit=1#frag"))
      yield* Effect.flip(http.get("https://user:pw@[::1/v1/things?token=SECRET#frag"))
      const { logs, payloads } = yield* written(wire)
      assert.deepStrictEqual(
        wire.payloads.map((p) => (p as { context: { url: string } }).context.url),
        ["/v1/things?token=[redacted]&x=[redacted]&limit=1#[redacted]", "[unparsable URL]"]
      )
      assertRedacted([logs[0]!, payloads[0]!])
      assertRedacted([logs[1]!, payloads[1]!], "[unparsable URL]")
    }).pipe(Effect.provide(layer(() => new Response("down", { status: 500 }), wire)))
  })

  it.effect(
    "the platform's own secret names (two-step and recovery codes, a PIN, a cookie's name, a signed URL's policy) are hidden, named like secrets or not",
    () => {
      const wire = beaconWire()
      const values = [
        "SECRET-2SV-123456",
        "SECRET-RC-abcd",
        "SECRET-PIN-4321",
        "SECRET-COOKIE-_|WARNING",
        "SECRET-POLICY-eyJ",
        "SECRET-SIG-Zm9v",
        "SECRET-KPI-APKA",
        "SECRET-CRED-AKIA"
      ]
      const names = [
        "code",
        "recoveryCode",
        "pin",
        ".ROBLOSECURITY",
        "Policy",
        "Signature",
        "Key-Pair-Id",
        "X-Amz-Credential"
      ]
      const url = `https://apis.example.com/v1/things?${names.map((name, i) => `${name}=${encodeURIComponent(values[i]!)}`).join("&")}&userIds=1,2`
      const shown = `https://apis.example.com/v1/things?${names.map((name) => `${name}=[redacted]`).join("&")}&userIds=1,2`
      return Effect.gen(function* () {
        yield* Effect.flip((yield* PlatformHttp).get(url))
        const { logs, payloads } = yield* written(wire)
        assert.include(
          logs[0]!,
          `Reported error ResponseError: Response from ${shown} returned an error code 400: code [redacted] and pin [redacted] rejected`
        )
        assert.strictEqual((wire.payloads[0] as { context: { url: string } }).context.url, shown)
        assertRedacted([...logs, ...payloads])
      }).pipe(
        Effect.provide(
          layer(
            () =>
              jsonResponse(
                { errors: [{ code: 7, message: `code ${values[0]} and pin ${values[2]} rejected` }] },
                { status: 400 }
              ),
            wire
          )
        )
      )
    }
  )

  it.effect(
    "a server's message is written printable: no line break, control, separator or bidi character reaches a log line or a payload",
    () => {
      const wire = beaconWire()
      const forged =
        "bad\u2028[ERROR] forged line\u2029\u0085next \u202Egpj.exe\u202C \u2066x\u2069 \u200E\u200F\u061C end\u0007"
      return Effect.gen(function* () {
        yield* Effect.flip((yield* PlatformHttp).get(`${platformUrl}?limit=1`))
        const { logs, payloads } = yield* written(wire)
        assert.include(logs[0]!, "returned an error code 500: bad [ERROR] forged line next gpj.exe x  end")
        for (const text of [...logs.map((log) => log.split("\n")[0]!), ...payloads]) {
          // eslint-disable-next-line no-control-regex -- control characters are what it looks for
          assert.notMatch(text, /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/)
        }
      }).pipe(
        Effect.provide(layer(() => jsonResponse({ errors: [{ code: 1, message: forged }] }, { status: 500 }), wire))
      )
    }
  )

  it.effect("ResponseError.headers fail closed: only the values of harmless headers are kept", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).get(platformUrl))
      assert.deepStrictEqual(error._tag === "ResponseError" && error.headers, {
        "content-type": "application/json",
        "retry-after": "30",
        "set-cookie": "[redacted]",
        "x-csrf-token": "[redacted]",
        "x-new-session-header": "[redacted]",
        "www-authenticate": "[redacted]",
        location: "[redacted]"
      })
      assert.notInclude(JSON.stringify(error), "HEADERSECRET")
    }).pipe(
      Effect.provide(
        layer(
          () =>
            new Response("{}", {
              status: 429,
              headers: {
                "content-type": "application/json",
                "retry-after": "30",
                "set-cookie": ".ROBLOSECURITY=HEADERSECRET1; HttpOnly",
                "x-csrf-token": "HEADERSECRET2",
                "x-new-session-header": "HEADERSECRET3",
                "www-authenticate": 'Bearer realm="x", nonce="HEADERSECRET4"',
                location: "https://www.example.com/cb?code=HEADERSECRET5"
              }
            }),
          beaconWire()
        )
      )
    )
  )

  it.effect("control: a URL without secrets is reported as written", () => {
    const wire = beaconWire()
    return Effect.gen(function* () {
      yield* Effect.flip((yield* PlatformHttp).get(`${platformUrl}?limit=10`))
      assert.deepStrictEqual(
        wire.payloads.map((p) => (p as { message: string }).message),
        [`Response from ${platformUrl}?limit=10 returned an error code 500: down`]
      )
    }).pipe(Effect.provide(layer(() => new Response("down", { status: 500 }), wire)))
  })

  it.effect(
    "the signing failure report (log line and sampled event) names the reason and the host, never the URL or the cause",
    () => {
      const wire = beaconWire()
      const failingSigner = Layer.effect(
        RequestSigner,
        Effect.gen(function* () {
          const telemetry = yield* Telemetry
          return RequestSigner.of(
            makeRequestSigner(yield* PlatformConfig, telemetry, () =>
              Effect.fail(
                new SigningFailure({
                  reason: "SignatureFailed",
                  detail: "signing failed",
                  cause: new Error(`at ${secretUrl}`)
                })
              )
            )
          )
        })
      )
      const config: PlatformConfigInput = {
        user: { id: 7, name: "u7", displayName: "U7", authenticated: true },
        boundAuthToken: { ...signingSettings, eventSampleRatePerMillion: 1_000_000 }
      }
      return Effect.gen(function* () {
        // the secret URL without its user info: a URL with user info is never signed (fetch refuses it)
        yield* (yield* PlatformHttp).post(secretUrl)
        const { logs, payloads } = yield* written(wire)
        assert.deepStrictEqual(
          (yield* (yield* MemoryLogger).entries).map((l) => l.text),
          ["Request sent without a bound-auth token (SignatureFailed): signing failed"]
        )
        assert.deepStrictEqual(
          wire.payloads.map((p): unknown => ({ ...(p as object), timestamp: 0 })),
          [
            {
              type: "event",
              name: "boundAuthTokenMissing",
              properties: { kind: "SignatureFailed", host: "apis.example.com" },
              timestamp: 0
            }
          ]
        )
        assertRedacted([...logs, ...payloads], "")
        for (const text of [...logs, ...payloads]) assert.notInclude(text, "/v1/things")
      }).pipe(
        Effect.provide(
          layer(() => new Response("{}", { status: 200 }), wire, config).pipe(
            Layer.provide(failingSigner),
            Layer.provideMerge(
              Layer.mergeAll(
                PlatformConfig.layer({ requestTimeoutMs: 1_000, ...config }),
                Telemetry.beacon("https://telemetry.example.com/v1", () => wire.transport)
              )
            )
          )
        )
      )
    }
  )
})
