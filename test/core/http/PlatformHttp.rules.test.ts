import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as HttpTraceContext from "effect/http/HttpTraceContext"
import * as Option from "effect/Option"
import * as Random from "effect/Random"
import * as Schema from "effect/Schema"
import * as Scope from "effect/Scope"
import * as Tracer from "effect/Tracer"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { FetchError, RedirectError, TimeoutError } from "../../../src/core/http/errors.ts"
import { RedactedFailure, tracing } from "../../../src/core/http/rules/tracing.ts"
import type { Send } from "../../../src/core/http/pipeline.ts"
import { type HttpRequest, makeRequest } from "../../../src/core/http/request.ts"
import { HttpResponse } from "../../../src/core/http/response.ts"
import { makeTargets } from "../../../src/core/http/targets.ts"
import { required } from "../../../src/core/http/required.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { platformHttpLayer, recording } from "./harness.ts"

const url = "https://apis.example.com/v1/things"

/** A Random whose rolls come from a list, for exact sampling tests. */
const fixedRandom = (doubles: ReadonlyArray<number>) => {
  let i = 0
  const next = () => doubles[i++ % doubles.length]!
  return { nextDoubleUnsafe: next, nextIntUnsafe: () => Math.floor(next() * Number.MAX_SAFE_INTEGER) }
}

describe("errors", () => {
  it.effect(
    "non-2xx: ResponseError with status, url, numeric codes (first = main), the server's message and the exact message",
    () => {
      const recorded = recording()
      return Effect.gen(function* () {
        const error = yield* Effect.flip((yield* PlatformHttp).get(url, { params: { id: 1 } }))
        assert.strictEqual(error._tag, "ResponseError")
        if (error._tag !== "ResponseError") return
        assert.strictEqual(error.status, 400)
        assert.strictEqual(error.url, `${url}?id=1`)
        assert.deepStrictEqual(error.codes, [7, 3])
        assert.strictEqual(error.code, 7)
        assert.strictEqual(error.serverMessage, "x")
        assert.isUndefined(error.userFacingMessage)
        assert.strictEqual(error.message, `Response from ${url}?id=1 returned an error code 400`)
        assert.strictEqual(recorded.errors.length, 1)
        assert.deepStrictEqual(recorded.errors[0]!.context, {
          kind: "ResponseError",
          method: "GET",
          url: `${url}?id=1`,
          status: "400"
        })
        // a 4xx is a failure the caller handles: reported, but not logged as an error
        assert.strictEqual(recorded.errors[0]!.severity, "expected")
      }).pipe(
        Effect.provide(
          platformHttpLayer(
            () => jsonResponse({ errors: [{ code: 7, message: "x" }, { code: 3 }] }, { status: 400 }),
            {},
            recorded
          )
        )
      )
    }
  )

  it.effect("ResponseError keeps the status text and the response headers, every secret one redacted", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post(url, { body: {} }))
      if (error._tag !== "ResponseError") return assert.fail(error._tag)
      assert.strictEqual(error.statusText, "Conflict")
      assert.deepStrictEqual(error.headers, {
        "content-type": "application/json",
        "x-platform-token": "[redacted]",
        "x-platform-proxy": "[redacted]",
        "rblx-challenge-metadata": "[redacted]",
        "set-cookie": "[redacted]",
        "x-request-id": "r-42"
      })
      assert.notInclude(JSON.stringify(error), "s3cr3t")
    }).pipe(
      Effect.provide(
        platformHttpLayer(
          () =>
            new Response("{}", {
              status: 409,
              statusText: "Conflict",
              headers: {
                "content-type": "application/json",
                "X-Platform-Token": "s3cr3t-token",
                "x-platform-proxy": "s3cr3t-proxy",
                "rblx-challenge-metadata": "s3cr3t-meta",
                "set-cookie": "session=s3cr3t",
                "x-request-id": "r-42"
              }
            })
        )
      )
    )
  )

  it.effect("a 5xx is reported as unexpected (logged as an error); no response too", () => {
    const recorded = recording()
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* Effect.flip(http.get(`${url}/500`))
      yield* Effect.flip(http.get(`${url}/down`))
      assert.deepStrictEqual(
        recorded.errors.map((e) => [e.context?.kind, e.severity]),
        [
          ["ResponseError", "unexpected"],
          ["FetchError", "unexpected"]
        ]
      )
    }).pipe(
      Effect.provide(
        platformHttpLayer(
          (r) =>
            r.url.endsWith("/500") ? jsonResponse({}, { status: 500 }) : Promise.reject(new TypeError("offline")),
          {},
          recorded
        )
      )
    )
  })

  it.effect("a body without numeric codes gives an empty code list", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).get(url))
      assert.deepStrictEqual(error._tag === "ResponseError" && error.codes, [])
    }).pipe(Effect.provide(platformHttpLayer(() => new Response("<html>oops</html>", { status: 500 }))))
  )

  for (const status of [401, 403, 404]) {
    it.effect(`status ${status} is not reported`, () => {
      const recorded = recording()
      return Effect.gen(function* () {
        yield* Effect.flip((yield* PlatformHttp).get(url))
        assert.strictEqual(recorded.errors.length, 0)
      }).pipe(Effect.provide(platformHttpLayer(() => jsonResponse({}, { status }), {}, recorded)))
    })
  }

  it.effect("a failed fetch is a FetchError, reported", () => {
    const recorded = recording()
    return Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post(url, { body: { a: 1 } }))
      assert.strictEqual(error._tag, "FetchError")
      assert.strictEqual(error.message, `Request to ${url} failed before a response arrived`)
      assert.strictEqual(recorded.errors.length, 1)
      assert.strictEqual(recorded.errors[0]!.context?.kind, "FetchError")
      assert.strictEqual((yield* StubFetch).requests.length, 1)
    }).pipe(Effect.provide(platformHttpLayer(() => Promise.reject(new TypeError("Failed to fetch")), {}, recorded)))
  })

  it.effect("a POST answered 503 is sent once: nothing retries a mutating request", () =>
    Effect.gen(function* () {
      yield* Effect.flip((yield* PlatformHttp).post(url))
      assert.strictEqual((yield* StubFetch).requests.length, 1)
    }).pipe(Effect.provide(platformHttpLayer(() => jsonResponse({}, { status: 503 }))))
  )

  it.effect("503: listeners are told the URL, until their scope closes", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const seen: Array<string> = []
      const scope = yield* Scope.make()
      yield* Scope.provide(
        http.onServiceUnavailable((u) => seen.push(u)),
        scope
      )
      yield* Effect.flip(http.get(url, { params: { a: "1" } }))
      yield* Effect.flip(http.get(`${url}/x`))
      yield* http.get(`${url}/ok`)
      assert.deepStrictEqual(seen, [`${url}?a=1`, `${url}/x`])
      yield* Scope.close(scope, Exit.void)
      yield* Effect.flip(http.get(`${url}/y`))
      assert.deepStrictEqual(seen, [`${url}?a=1`, `${url}/x`])
    }).pipe(Effect.provide(platformHttpLayer((r) => jsonResponse({}, { status: r.url.endsWith("/ok") ? 200 : 503 }))))
  )

  it.effect("503: a listener that throws is reported; the others and the request go on", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const seen: Array<string> = []
      const reported: Array<unknown> = []
      const reportError = (globalThis as { reportError?: unknown }).reportError
      ;(globalThis as { reportError?: unknown }).reportError = (error: unknown) => reported.push(error)
      yield* Effect.addFinalizer(() =>
        Effect.sync(() => void ((globalThis as { reportError?: unknown }).reportError = reportError))
      )
      yield* http.onServiceUnavailable(() => {
        throw new Error("listener failed")
      })
      yield* http.onServiceUnavailable((u) => seen.push(u))
      const error = yield* Effect.flip(http.get(url))
      assert.deepStrictEqual(
        [error._tag, seen, reported.map((e) => (e as Error).message)],
        ["ResponseError", [url], ["listener failed"]]
      )
    }).pipe(Effect.scoped, Effect.provide(platformHttpLayer(() => jsonResponse({}, { status: 503 }))))
  )
})

describe("Accept-Language", () => {
  const header = (locale: { urlLocale?: string; overrideLanguageHeader?: boolean; languages?: Array<string> }) =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).get(url)
      return (yield* StubFetch).requests[0]!.headers["accept-language"]
    }).pipe(Effect.provide(platformHttpLayer(() => jsonResponse({}), { locale })))

  it.effect("absent when no language is known", () =>
    Effect.map(header({ languages: ["fr"] }), (h) => assert.isUndefined(h))
  )
  it.effect("the locale alone with override off", () =>
    Effect.map(header({ urlLocale: "de-de", languages: ["en-us", "fr"] }), (h) => assert.strictEqual(h, "de-de"))
  )
  it.effect("with override on: the locale weighted q=0.01, with or without other languages", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* header({ urlLocale: "de-de", overrideLanguageHeader: true }), "de-de;q=0.01")
      assert.strictEqual(
        yield* header({ urlLocale: "pt-br", overrideLanguageHeader: true, languages: ["en-us", "fr"] }),
        "pt-br;q=0.01"
      )
    })
  )
})

describe("tracing", () => {
  /** A send that records the parent span it runs under, then answers with `answer` (by default a 204). */
  const spanRecordingSend = (
    answer: Send = (request) =>
      Effect.succeed(
        new HttpResponse(
          request,
          { status: 204, statusText: "No Content", headers: new Headers(), url: request.url },
          new Uint8Array(0)
        )
      )
  ) => {
    const seen: Array<Tracer.AnySpan> = []
    const send = (request: HttpRequest) =>
      Effect.flatMap(Effect.orDie(Effect.currentParentSpan), (span) => {
        seen.push(span)
        return answer(request)
      })
    return { seen, send }
  }

  const traced = (samplingPercentage: number, target: string, rolls: ReadonlyArray<number>, n = 1) =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      for (let i = 0; i < n; i++) yield* http.get(target)
      return (yield* StubFetch).requests.map((r) => [
        r.headers["traceparent"] !== undefined,
        r.headers["b3"] !== undefined
      ])
    }).pipe(
      Effect.provideService(Random.Random, fixedRandom(rolls)),
      Effect.provide(
        platformHttpLayer(() => jsonResponse({}), {
          tracing: { allowedHostSuffixes: [".example.com"], samplingPercentage }
        })
      )
    )

  it.effect("allow-listed host at 100%: traceparent and b3 are sent", () =>
    Effect.map(traced(100, url, [0.999]), (r) => assert.deepStrictEqual(r, [[true, true]]))
  )
  it.effect("other hosts never get propagation headers, even at 100%", () =>
    Effect.map(traced(100, "https://cdn.other.net/x", [0]), (r) => assert.deepStrictEqual(r, [[false, false]]))
  )
  it.effect("0% traces nothing", () =>
    Effect.map(traced(0, url, [0]), (r) => assert.deepStrictEqual(r, [[false, false]]))
  )
  it.effect("a traced send is a client span under the caller's span: its ids go out as traceparent and b3", () =>
    Effect.gen(function* () {
      const parent = yield* Effect.currentSpan
      yield* (yield* PlatformHttp).get(url)
      const headers = (yield* StubFetch).requests[0]!.headers
      const [version, traceId, spanId, flags] = headers["traceparent"]!.split("-")
      assert.deepStrictEqual([version, traceId, flags], ["00", parent.traceId.padStart(32, "0"), "01"])
      assert.notStrictEqual(spanId, parent.spanId)
      assert.strictEqual(headers["b3"], `${parent.traceId}-${spanId}-1-${parent.spanId}`)
    }).pipe(
      Effect.withSpan("page action"),
      Effect.provideService(Random.Random, fixedRandom([0])),
      Effect.provide(
        platformHttpLayer(() => jsonResponse({}), {
          tracing: { allowedHostSuffixes: [".example.com"], samplingPercentage: 100 }
        })
      )
    )
  )

  it.effect("a traced send with no caller span is a root span: b3 has no parent field, traceparent the same ids", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).get(url)
      const headers = (yield* StubFetch).requests[0]!.headers
      const [version, traceId, spanId, flags] = headers["traceparent"]!.split("-")
      assert.deepStrictEqual([version, traceId!.length, spanId!.length, flags], ["00", 32, 16, "01"])
      assert.strictEqual(headers["b3"], `${traceId}-${spanId}-1`)
    }).pipe(
      Effect.provideService(Random.Random, fixedRandom([0])),
      Effect.provide(
        platformHttpLayer(() => jsonResponse({}), {
          tracing: { allowedHostSuffixes: [".example.com"], samplingPercentage: 100 }
        })
      )
    )
  )

  it.effect("the rest of the pipeline runs under the client span (it is their parent span)", () =>
    Effect.gen(function* () {
      const caller = yield* Effect.currentSpan
      const rule = tracing(
        { allowedHostSuffixes: [".example.com"], samplingPercentage: 100 },
        makeTargets(["example.com"])
      )!
      const { seen, send } = spanRecordingSend()
      const response = yield* rule(makeRequest("GET", url), send)
      const [inner] = seen
      assert.strictEqual(seen.length, 1)
      assert.strictEqual(inner!._tag, "Span")
      const span = inner as Tracer.Span
      assert.strictEqual(span.name, "http.client GET")
      assert.strictEqual(span.kind, "client")
      assert.strictEqual(Option.getOrUndefined(span.parent)?.spanId, caller.spanId)
      assert.strictEqual(
        response.request.headers["traceparent"],
        `00-${span.traceId.padStart(32, "0")}-${span.spanId}-01`
      )
    }).pipe(Effect.withSpan("page action"), Effect.provideService(Random.Random, fixedRandom([0])))
  )

  it.effect(
    "the propagation headers are exactly effect/http's HttpTraceContext.toHeaders of the span, root or child",
    () =>
      Effect.gen(function* () {
        const rule = tracing(
          { allowedHostSuffixes: [".example.com"], samplingPercentage: 100 },
          makeTargets(["example.com"])
        )!
        const { seen, send } = spanRecordingSend()
        const child = yield* rule(makeRequest("GET", url), send).pipe(Effect.withSpan("page action"))
        const root = yield* rule(makeRequest("GET", url), send)
        const spans = seen as ReadonlyArray<Tracer.Span>
        assert.deepStrictEqual(
          spans.map((span) => span.parent._tag),
          ["Some", "None"]
        )
        for (const [response, span] of [
          [child, spans[0]!],
          [root, spans[1]!]
        ] as const) {
          const expected = HttpTraceContext.toHeaders(span)
          assert.deepStrictEqual(
            [response.request.headers["b3"], response.request.headers["traceparent"]],
            [expected["b3"], expected["traceparent"]]
          )
        }
      }).pipe(Effect.provideService(Random.Random, fixedRandom([0, 0])))
  )

  it.effect("the span's url.full is the URL as logs show it: no userinfo, secret query values or fragment", () =>
    Effect.gen(function* () {
      const rule = tracing(
        { allowedHostSuffixes: [".example.com"], samplingPercentage: 100 },
        makeTargets(["example.com"])
      )!
      const { seen, send } = spanRecordingSend()
      const secretUrl = "https://user:pw@api.example.com/v1/things?token=SECRET&limit=1&x=1#frag"
      const response = yield* rule(makeRequest("GET", secretUrl), send)
      const span = seen[0] as Tracer.Span
      assert.strictEqual(
        span.attributes.get("url.full"),
        "https://api.example.com/v1/things?token=[redacted]&limit=1&x=[redacted]#[redacted]"
      )
      assert.strictEqual(response.request.url, secretUrl)
    }).pipe(Effect.provideService(Random.Random, fixedRandom([0])))
  )

  describe("a failed send ends its span with the failure redacted; the caller gets the failure as it was", () => {
    const secret = "PSLC-0123456789"
    const secretUrl = `https://api.example.com/v1/games/5/servers?privateServerLinkCode=${secret}&limit=10&x=1`
    const shownUrl = "https://api.example.com/v1/games/5/servers?privateServerLinkCode=[redacted]&limit=10&x=[redacted]"
    const rule = tracing(
      { allowedHostSuffixes: [".example.com"], samplingPercentage: 100 },
      makeTargets(["example.com"])
    )!

    /** The span the send ran under, ended: its exit's failures and defects, and every text a tracer exporter can read of it. */
    const ended = (seen: ReadonlyArray<Tracer.AnySpan>) => {
      assert.strictEqual(seen.length, 1)
      const span = seen[0] as Tracer.Span
      assert.strictEqual(span.status._tag, "Ended")
      const exit = (span.status as Extract<Tracer.SpanStatus, { _tag: "Ended" }>).exit
      assert.isTrue(Exit.isFailure(exit))
      const cause = (exit as Exit.Failure<unknown, unknown>).cause
      const shown = cause.reasons.flatMap((r) => (r._tag === "Fail" ? [r.error] : r._tag === "Die" ? [r.defect] : []))
      const texts = [
        JSON.stringify([...span.attributes]),
        String(exit),
        JSON.stringify(exit),
        Cause.pretty(cause),
        ...Cause.prettyErrors(cause).flatMap((e) => [e.message, e.stack, JSON.stringify(e)]),
        ...shown.flatMap((e) => [
          String(e),
          JSON.stringify(e),
          (e as Error).stack,
          ...Object.values(e as object).map(String)
        ])
      ]
      return {
        cause,
        shown: shown as ReadonlyArray<RedactedFailure>,
        text: texts.join("\n"),
        attributes: span.attributes
      }
    }

    const failing = [
      new FetchError({ url: secretUrl, method: "GET", cause: new TypeError(`Failed to parse URL from ${secretUrl}`) }),
      new TimeoutError({ url: secretUrl, method: "GET", timeoutMs: 30_000 }),
      new RedirectError({ url: secretUrl, method: "GET", status: 0 })
    ]
    const shownMessages = [
      `Request to ${shownUrl} failed before a response arrived`,
      `Request to ${shownUrl} got no response within 30000 ms`,
      `Request to ${shownUrl} was answered with a redirect, which a request carrying the platform's secrets never follows`
    ]

    failing.forEach((error, i) =>
      it.effect(`${error._tag}: the span shows its tag and the message with the URL redacted, nothing else of it`, () =>
        Effect.gen(function* () {
          const { seen, send } = spanRecordingSend(() => Effect.fail(error))
          const caught = yield* Effect.flip(rule(makeRequest("GET", secretUrl), send))
          assert.strictEqual(caught, error)
          assert.strictEqual((caught as { readonly url: string }).url, secretUrl)
          const span = ended(seen)
          assert.notInclude(span.text, secret)
          assert.strictEqual(span.shown.length, 1)
          assert.instanceOf(span.shown[0], RedactedFailure)
          assert.deepStrictEqual(
            [span.shown[0]!._tag, span.shown[0]!.name, span.shown[0]!.message, Object.keys(span.shown[0]!)],
            [error._tag, error._tag, shownMessages[i], ["_tag", "name"]]
          )
          assert.strictEqual(span.attributes.get("url.full"), shownUrl)
          assert.isUndefined(span.attributes.get("http.response.status_code"))
        }).pipe(Effect.provideService(Random.Random, fixedRandom([0])))
      )
    )

    it.effect("a defect: the span shows it redacted, the caller's fiber dies with the defect itself", () =>
      Effect.gen(function* () {
        const defect = new Error(`no route for ${secretUrl}`)
        const { seen, send } = spanRecordingSend(() => Effect.die(defect))
        const exit = yield* Effect.exit(rule(makeRequest("GET", secretUrl), send))
        assert.isTrue(Exit.isFailure(exit) && Cause.squash(exit.cause) === defect)
        const span = ended(seen)
        assert.notInclude(span.text, secret)
        assert.deepStrictEqual(
          [span.cause.reasons.map((r) => r._tag), span.shown[0]!.message],
          [["Die"], `no route for ${shownUrl}`]
        )
      }).pipe(Effect.provideService(Random.Random, fixedRandom([0])))
    )

    it.effect("an interruption whose clean-up fails: the span ends interrupted, the failure redacted", () =>
      Effect.gen(function* () {
        const defect = new Error(`aborting ${secretUrl} failed`)
        const { seen, send } = spanRecordingSend(() => Effect.onInterrupt(Effect.never, () => Effect.die(defect)))
        const fiber = yield* Effect.forkChild(rule(makeRequest("GET", secretUrl), send))
        yield* Effect.yieldNow
        yield* Fiber.interrupt(fiber)
        const exit = yield* Fiber.await(fiber)
        assert.isTrue(Exit.isFailure(exit) && Cause.hasInterrupts(exit.cause))
        assert.isTrue(Exit.isFailure(exit) && Cause.squash(exit.cause) === defect)
        const span = ended(seen)
        assert.notInclude(span.text, secret)
        assert.isTrue(Cause.hasInterrupts(span.cause))
        assert.deepStrictEqual(
          span.shown.map((e) => e.message),
          [`aborting ${shownUrl} failed`]
        )
      }).pipe(Effect.provideService(Random.Random, fixedRandom([0])))
    )

    it.effect("a defect quoting the URL after 480 characters: the URL is redacted before the message is cut", () =>
      Effect.gen(function* () {
        const defect = new Error(`rule failed: ${"y".repeat(411)} ${secretUrl}`) // the secret starts 490 characters in
        const { seen, send } = spanRecordingSend(() => Effect.die(defect))
        yield* Effect.exit(rule(makeRequest("GET", secretUrl), send))
        const span = ended(seen)
        assert.notInclude(span.text, secret.slice(0, 8))
        assert.strictEqual(span.shown[0]!.message, `rule failed: ${"y".repeat(411)} ${shownUrl}`.slice(0, 499) + "…")
      }).pipe(Effect.provideService(Random.Random, fixedRandom([0])))
    )

    it.effect(
      "other URLs in the message and the stack (a signed script's frame, a server's quote) are redacted too; the rest of each line stays",
      () =>
        Effect.gen(function* () {
          const defect = new Error(
            `no route for ${secretUrl}; see https://docs.example.net/why?sig=DOCSECRET42 (retry)`
          )
          defect.stack = [
            `Error: no route for ${secretUrl}`,
            "    at route (https://cdn.example.com/chunk-abc.js?sig=CHUNKSECRET123:1:200)",
            "    at https://cdn.example.com/app.js?token=APPSECRET77:10:5"
          ].join("\n")
          const { seen, send } = spanRecordingSend(() => Effect.die(defect))
          yield* Effect.exit(rule(makeRequest("GET", secretUrl), send))
          const span = ended(seen)
          for (const hidden of [secret, "DOCSECRET42", "CHUNKSECRET123", "APPSECRET77"])
            assert.notInclude(span.text, hidden)
          assert.strictEqual(
            span.shown[0]!.message,
            `no route for ${shownUrl}; see https://docs.example.net/why?sig=[redacted] (retry)`
          )
          assert.strictEqual(
            span.shown[0]!.stack,
            [
              `Error: no route for ${shownUrl}`,
              "    at route (https://cdn.example.com/chunk-abc.js?sig=[redacted]:1:200)",
              "    at https://cdn.example.com/app.js?token=[redacted]:10:5"
            ].join("\n")
          )
        }).pipe(Effect.provideService(Random.Random, fixedRandom([0])))
    )

    it.effect(
      "the message and the stack are printable: the stack keeps its line breaks, loses every other control, separator and bidi character",
      () =>
        Effect.gen(function* () {
          const defect = new Error("no route\u2028[ERROR] forged\u202E")
          defect.stack = [
            "Error: no route\u2028[ERROR] forged\u202E",
            "    at route (https://cdn.example.com/chunk.js:1:2)",
            "    at main\u0085\u0007x\r"
          ].join("\r\n")
          const { seen, send } = spanRecordingSend(() => Effect.die(defect))
          yield* Effect.exit(rule(makeRequest("GET", secretUrl), send))
          const span = ended(seen)
          assert.strictEqual(span.shown[0]!.message, "no route [ERROR] forged")
          assert.strictEqual(
            span.shown[0]!.stack,
            [
              "Error: no route [ERROR] forged",
              "    at route (https://cdn.example.com/chunk.js:1:2)",
              "    at main x",
              ""
            ].join("\n")
          )
        }).pipe(Effect.provideService(Random.Random, fixedRandom([0])))
    )
  })

  it.effect("Tracer.DisablePropagation around a call sends it untraced", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).get(url).pipe(Effect.provideService(Tracer.DisablePropagation, true))
      const headers = (yield* StubFetch).requests[0]!.headers
      assert.deepStrictEqual([headers["traceparent"], headers["b3"]], [undefined, undefined])
    }).pipe(
      Effect.provide(
        platformHttpLayer(() => jsonResponse({}), {
          tracing: { allowedHostSuffixes: [".example.com"], samplingPercentage: 100 }
        })
      )
    )
  )

  it.effect("a 1–100 roll against the percentage: roll ≤ 30 traced", () =>
    // doubles 0.29 → roll 30 (traced), 0.30 → roll 31 (not), 0 → roll 1 (traced), 0.99 → roll 100 (not)
    Effect.map(traced(30, url, [0.29, 0.3, 0, 0.99], 4), (r) =>
      assert.deepStrictEqual(
        r.map(([t]) => t),
        [true, false, true, false]
      )
    )
  )
})

describe("credentials", () => {
  it.effect("included cross-domain, same-origin for CDN and object-storage hosts", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* http.get(url)
      yield* http.get("https://t0.cdn-example.net/image.png")
      yield* http.get("https://bucket.storage-example.net/object")
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => r.credentials),
        ["include", "same-origin", "same-origin"]
      )
    }).pipe(
      Effect.provide(
        platformHttpLayer(() => jsonResponse({}), {
          credentiallessHostSuffixes: [".cdn-example.net", ".storage-example.net"]
        })
      )
    )
  )
})

/** Answers `{ n }`, except that the second request to the same URL (the duplicate, sent after the caller's) fails. */
const failSecondOfEachUrl = () => {
  const seen = new Set<string>()
  return (r: { url: string }) => {
    if (seen.has(r.url)) return jsonResponse({}, { status: 500 })
    seen.add(r.url)
    return jsonResponse({ n: Number(new URL(r.url).searchParams.get("n")) })
  }
}

describe("duplication", () => {
  const settings = { duplication: { allowedHostSuffixes: [".example.com"], ratio: 0.5 } }

  it.effect(
    "allow-listed GETs are duplicated when the roll is below the ratio; the duplicate's failure is not seen",
    () =>
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        const first = yield* http.get(url, { params: { n: 1 } })
        const second = yield* http.get(url, { params: { n: 2 } })
        yield* Effect.yieldNow
        const stub = yield* StubFetch
        assert.deepStrictEqual([first, second], [{ n: 1 }, { n: 2 }])
        assert.deepStrictEqual(stub.requests.map((r) => r.url).sort(), [`${url}?n=1`, `${url}?n=1`, `${url}?n=2`])
      }).pipe(
        Effect.provideService(Random.Random, fixedRandom([0.49, 0.5])),
        Effect.provide(platformHttpLayer(failSecondOfEachUrl(), settings))
      )
  )

  it.effect("mutating requests and other hosts are never duplicated", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* http.post(url)
      yield* http.delete(url)
      yield* http.get("https://other.net/x")
      yield* Effect.yieldNow
      assert.strictEqual((yield* StubFetch).requests.length, 3)
    }).pipe(
      Effect.provideService(Random.Random, fixedRandom([0])),
      Effect.provide(platformHttpLayer(() => jsonResponse({}), settings))
    )
  )
})

describe("helpers", () => {
  const Item = Schema.Struct({ id: Schema.Number })

  it.effect("targets resolve through PlatformConfig; list params are comma-joined, null/undefined left out", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* http.get(
        { service: "games", path: "/v1/games" },
        { params: { universeIds: [1, 2, 3], a: undefined, b: null, c: false } }
      )
      yield* http.delete({ service: "friends", path: "v1/x" }, { params: { ids: ["a", "b"] } })
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => `${r.method} ${r.url}`),
        [
          "GET https://games.example.com/v1/games?universeIds=1%2C2%2C3&c=false",
          "DELETE https://friends.example.com/v1/x?ids=a%2Cb"
        ]
      )
    }).pipe(Effect.provide(platformHttpLayer(() => jsonResponse({}))))
  )

  it.effect("a schema decodes the body; a mismatch is a ResponseDecodeError naming the call", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const ok = yield* http.get(`${url}/1`, { schema: Item })
      assert.deepStrictEqual(ok, { id: 1 })
      const error = yield* Effect.flip(http.get(`${url}/bad`, { schema: Item, operation: "getThing" }))
      assert.strictEqual(error._tag, "ResponseDecodeError")
      assert.isTrue(error.message.startsWith(`Response of getThing (${url}/bad) did not match its schema: `))
      const notJson = yield* Effect.flip(http.get(`${url}/html`, { schema: Item }))
      assert.strictEqual(
        notJson.message,
        `Response of GET ${url}/html (${url}/html) did not match its schema: body is not JSON`
      )
      assert.isUndefined(yield* http.delete(`${url}/empty`))
    }).pipe(
      Effect.provide(
        platformHttpLayer((r) =>
          r.url.endsWith("/1")
            ? jsonResponse({ id: 1, extra: "kept out" })
            : r.url.endsWith("/bad")
              ? jsonResponse({ id: "1" })
              : r.url.endsWith("/html")
                ? new Response("<p>", { status: 200 })
                : new Response(null, { status: 204 })
        )
      )
    )
  )

  it.effect("a body JSON cannot encode is a RequestEncodeError naming the call; nothing is sent", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const bigint = yield* Effect.flip(http.post(url, { body: { id: 1n } }))
      assert.strictEqual(bigint._tag, "RequestEncodeError")
      assert.strictEqual(bigint._tag === "RequestEncodeError" && bigint.operation, `POST ${url}`)
      const cycle: Record<string, unknown> = {}
      cycle.self = cycle
      const named = yield* Effect.flip(http.put(url, { body: cycle, operation: "putThing" }))
      assert.strictEqual(named._tag === "RequestEncodeError" && named.operation, "putThing")
      assert.match(named.message, /^Request of putThing could not be encoded: /)
      assert.strictEqual((yield* StubFetch).requests.length, 0)
    }).pipe(Effect.provide(platformHttpLayer(() => jsonResponse({}))))
  )
})

describe("required", () => {
  it.effect("fails with the exact message naming the first missing field and the operation", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(required("getUserFriends", { userId: undefined, limit: 10 }))
      assert.strictEqual(error._tag, "RequiredError")
      assert.strictEqual(error.field, "userId")
      assert.strictEqual(error.message, "Required parameter userId was null or undefined when calling getUserFriends.")
      const nul = yield* Effect.flip(required("patchGame", { gameId: 1, request: null }))
      assert.strictEqual(nul.message, "Required parameter request was null or undefined when calling patchGame.")
    })
  )

  it.effect("passes present values through, 0, false and empty strings included", () =>
    Effect.map(required("op", { a: 0, b: false, c: "" }), (v) => assert.deepStrictEqual(v, { a: 0, b: false, c: "" }))
  )
})

describe("body reading", () => {
  // a BOM, then JSON with "é" and an invalid byte (U+FFFD once decoded)
  const body = new Uint8Array([
    0xef,
    0xbb,
    0xbf,
    ...new TextEncoder().encode(`{"name":"é`),
    0xff,
    ...new TextEncoder().encode(`"}`)
  ])

  it.effect(
    "the JSON calls decode the body as UTF-8 (BOM dropped, invalid bytes U+FFFD); execute keeps the exact bytes",
    () =>
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        assert.deepStrictEqual(yield* http.get(url), { name: "é\ufffd" })
        assert.deepStrictEqual(
          yield* http.post(url, { body: { a: 1 }, schema: Schema.Struct({ name: Schema.String }) }),
          { name: "é\ufffd" }
        )
        const response = yield* http.execute(makeRequest("GET", url))
        assert.deepStrictEqual([...response.bytes], [...body])
        assert.strictEqual(response.text, `{"name":"é\ufffd"}`)
      }).pipe(
        Effect.provide(
          platformHttpLayer(() => new Response(body.slice(), { headers: { "content-type": "application/json" } }))
        )
      )
  )
})
