/**
 * Class: bad input at the boundary gives a typed error or a logged fallback, never a defect, never a stuck state.
 *
 * - Error bodies are read item by item, in every shape (`errors[]`, the same under `.data`, a `{ code, message }`);
 *   a body of any other shape (plain text, HTML, JSON without codes) still gives a ResponseError with its text. The
 *   server's message is kept on the ResponseError for a person: one line, bounded, without the request's secrets.
 * - A CSRF token that is not a legal header value (from storage at start-up, or from a response) is dropped with a
 *   warning that never shows it, and the 403 path recovers; token and proxy values likewise.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { csrfStorageKey, illegalCsrfTokenWarning } from "../../src/core/csrf/CsrfStore.ts"
import { isLegalHeaderValue } from "../../src/core/http/headerValue.ts"
import { cleanServerText, maxServerMessageLength, readErrorBody } from "../../src/core/http/rules/errorMapping.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { jsonResponse, type StubHandler, StubFetch } from "../../src/testing/StubFetch.ts"
import { logTexts, platformUrl, securityLayer, seeded, seededState, storedState } from "./support.ts"

describe("error bodies", () => {
  const cases: ReadonlyArray<readonly [string, unknown, ReturnType<typeof readErrorBody>]> = [
    [
      "one bad code keeps the others",
      { errors: [{ code: "7" }, { code: 9 }] },
      { codes: [9], message: undefined, userFacingMessage: undefined }
    ],
    [
      "codes in order, the first item's texts",
      {
        errors: [
          { code: 7, message: "Bad", userFacingMessage: "Nope" },
          { code: 3, message: "Other" }
        ]
      },
      {
        codes: [7, 3],
        message: "Bad",
        userFacingMessage: "Nope"
      }
    ],
    [
      "the top-level shape",
      { code: 0, message: "Token Validation Failed" },
      { codes: [0], message: "Token Validation Failed", userFacingMessage: undefined }
    ],
    [
      "items that are not objects, and codes that are not numbers, are skipped",
      {
        errors: [
          "x",
          null,
          5,
          [],
          { code: "1" },
          { code: null },
          { code: true },
          { code: 4, message: 12, userFacingMessage: "Try later" }
        ]
      },
      { codes: [4], message: undefined, userFacingMessage: "Try later" }
    ],
    [
      "any number counts, as on the site's pages",
      { errors: [{ code: 1.5 }, { code: -2 }] },
      { codes: [1.5, -2], message: undefined, userFacingMessage: undefined }
    ],
    [
      "codes under .data follow the top-level list",
      {
        errors: [{ code: 7, message: "Top" }],
        data: { errors: [{ code: "x" }, { code: 11, message: "Nested" }] }
      },
      { codes: [7, 11], message: "Top", userFacingMessage: undefined }
    ],
    [
      "only a list under .data: its first coded item is the main one",
      { data: { errors: [{ message: "none" }, { code: 11, message: "Nested", userFacingMessage: "Slow down" }] } },
      {
        codes: [11],
        message: "Nested",
        userFacingMessage: "Slow down"
      }
    ],
    [
      "a { code, message } under .data",
      { data: { code: 5, message: "Flooded" } },
      { codes: [5], message: "Flooded", userFacingMessage: undefined }
    ],
    [
      "the top-level { code } wins over one under .data",
      { code: 1, message: "Top", data: { code: 5, message: "Nested" } },
      {
        codes: [1],
        message: "Top",
        userFacingMessage: undefined
      }
    ],
    [
      "a list wins over a { code } object",
      { code: 1, errors: [{ code: 2 }] },
      { codes: [2], message: undefined, userFacingMessage: undefined }
    ],
    [
      "a top-level message without a code",
      { message: "Only words" },
      { codes: [], message: "Only words", userFacingMessage: undefined }
    ],
    [
      "no code at all: the first item's message",
      { errors: [{ message: "Only text" }] },
      {
        codes: [],
        message: "Only text",
        userFacingMessage: undefined
      }
    ],
    [
      "`errors` that is not a list: the top-level shape",
      { errors: "nope", code: 2 },
      { codes: [2], message: undefined, userFacingMessage: undefined }
    ],
    ["not an object", [{ code: 1 }], { codes: [], message: undefined, userFacingMessage: undefined }],
    ["a JSON string: the string is the message", "oops", { codes: [], message: "oops", userFacingMessage: undefined }],
    ["null", null, { codes: [], message: undefined, userFacingMessage: undefined }]
  ]
  for (const [name, body, expected] of cases) {
    it(name, () => assert.deepStrictEqual(readErrorBody(body), expected))
  }

  it("at most 100 items are read", () => {
    const body = { errors: Array.from({ length: 5_000 }, (_, i) => ({ code: i })) }
    assert.deepStrictEqual(
      readErrorBody(body).codes,
      Array.from({ length: 100 }, (_, i) => i)
    )
  })

  it("server texts: one line, secrets blanked, bounded", () => {
    assert.strictEqual(cleanServerText("Bad\r\n\tthing\u0000!", []), "Bad thing !")
    assert.strictEqual(
      cleanServerText("token abcd1234 rejected, abcd1234", ["abcd1234", "xy"]),
      "token [redacted] rejected, [redacted]"
    )
    const long = cleanServerText("x".repeat(5_000), [])!
    assert.strictEqual(long.length, maxServerMessageLength)
    assert.isTrue(long.endsWith("…"))
    assert.isUndefined(cleanServerText(" \n ", []))
    assert.isUndefined(cleanServerText(undefined, []))
  })

  it.effect(
    "ResponseError keeps the main code and the server's texts as fields; its message is exactly the spec's sentence",
    () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip((yield* PlatformHttp).post(platformUrl))
        if (error._tag !== "ResponseError") return assert.fail(error._tag)
        assert.deepStrictEqual(
          [error.status, error.codes, error.code, error.serverMessage, error.userFacingMessage],
          [409, [9], 9, `Name taken (you sent [redacted] and [redacted])`, "That name is taken."]
        )
        assert.strictEqual(error.message, `Response from ${platformUrl} returned an error code 409`)
      }).pipe(
        Effect.provide(
          securityLayer((r) =>
            jsonResponse(
              {
                errors: [
                  { code: "7" },
                  {
                    code: 9,
                    message: `Name taken (you sent ${r.headers["x-csrf-token"]} and ${r.headers["x-bound-auth-token"]})`,
                    userFacingMessage: "That name is taken."
                  }
                ]
              },
              { status: 409 }
            )
          )
        )
      )
  )

  it.effect("a top-level { code, message } body (a CSRF failure of the real services) gives its code", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).get(platformUrl))
      assert.deepStrictEqual(error._tag === "ResponseError" && [error.codes, error.serverMessage], [
        [0],
        "Token Validation Failed"
      ])
    }).pipe(
      Effect.provide(
        securityLayer(() => jsonResponse({ code: 0, message: "Token Validation Failed" }, { status: 401 }))
      )
    )
  )
})

describe("error bodies of any other shape still give a ResponseError, with their text", () => {
  const textBody =
    (text: string, status: number, contentType = "text/plain") =>
    () =>
      new Response(text, { status, headers: { "content-type": contentType } })
  const failure = Effect.gen(function* () {
    return yield* Effect.flip((yield* PlatformHttp).post(platformUrl))
  })

  it.effect(
    "plain text: no codes, the text as the server's message (one line, secrets blanked), the exact sentence",
    () =>
      Effect.gen(function* () {
        const error = yield* failure
        if (error._tag !== "ResponseError") return assert.fail(error._tag)
        assert.deepStrictEqual(
          [error.status, error.codes, error.serverMessage, error.userFacingMessage],
          [503, [], "Service Unavailable for [redacted]", undefined]
        )
        assert.strictEqual(error.message, `Response from ${platformUrl} returned an error code 503`)
      }).pipe(
        Effect.provide(securityLayer((r) => textBody(`Service Unavailable\r\nfor ${r.headers["x-csrf-token"]}`, 503)()))
      )
  )

  it.effect("an HTML error page: its text, cut to the bound", () =>
    Effect.gen(function* () {
      const error = yield* failure
      if (error._tag !== "ResponseError") return assert.fail(error._tag)
      assert.deepStrictEqual(error.codes, [])
      assert.strictEqual(error.serverMessage!.length, maxServerMessageLength)
      assert.isTrue(error.serverMessage!.startsWith("<html> <head><title>502 Bad Gateway</title>"))
    }).pipe(
      Effect.provide(
        securityLayer(
          textBody(
            `<html>\n<head><title>502 Bad Gateway</title></head>${"<p>x</p>".repeat(100)}</html>`,
            502,
            "text/html"
          )
        )
      )
    )
  )

  it.effect("JSON with neither codes nor a message: its text", () =>
    Effect.gen(function* () {
      const error = yield* failure
      assert.deepStrictEqual(error._tag === "ResponseError" && [error.codes, error.serverMessage], [
        [],
        `{"error":"invalid_grant"}`
      ])
    }).pipe(Effect.provide(securityLayer(() => jsonResponse({ error: "invalid_grant" }, { status: 400 }))))
  )

  it.effect("codes under .data (the shape the site's pages also read)", () =>
    Effect.gen(function* () {
      const error = yield* failure
      assert.deepStrictEqual(error._tag === "ResponseError" && [error.codes, error.code, error.serverMessage], [
        [11, 12],
        11,
        "Flood limit"
      ])
    }).pipe(
      Effect.provide(
        securityLayer(() =>
          jsonResponse({ data: { errors: [{ code: 11, message: "Flood limit" }, { code: 12 }] } }, { status: 429 })
        )
      )
    )
  )

  it.effect("an empty body: no codes, no message", () =>
    Effect.gen(function* () {
      const error = yield* failure
      assert.deepStrictEqual(error._tag === "ResponseError" && [error.codes, error.serverMessage], [[], undefined])
    }).pipe(Effect.provide(securityLayer(textBody("", 500))))
  )
})

describe("header legality (RFC 9110 field values)", () => {
  it("accepts visible ASCII, obs-text and inner spaces; refuses controls, edges of whitespace and code points above U+00FF", () => {
    for (const ok of ["", "abc", "a b\tc", "tök", "v1|aGFzaA==|17|c2ln", "!#$%&'*+-.^_`|~"])
      assert.isTrue(isLegalHeaderValue(ok), ok)
    for (const bad of [
      "stale\nvalue",
      "stälé€",
      "a\rb",
      "nul\u0000",
      "bell\u0007",
      "del\u007f",
      " lead",
      "trail ",
      "\ttab"
    ]) {
      assert.isFalse(isLegalHeaderValue(bad), JSON.stringify(bad))
    }
  })
})

/** 403 with a fresh token to a mutation that does not carry it, 200 otherwise. */
const freshOn403: StubHandler = (r) =>
  r.method === "GET" || r.headers["x-csrf-token"] === "fresh-token"
    ? jsonResponse({ ok: true })
    : jsonResponse(
        { code: 0, message: "Token Validation Failed" },
        { status: 403, headers: { "x-csrf-token": "fresh-token" } }
      )

describe("a stored CSRF token that is not a legal header value", () => {
  for (const stale of ["stale\nvalue", "stälé€"]) {
    it.effect(`${JSON.stringify(stale)} in storage at start-up: dropped with a warning, the 403 path recovers`, () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* storedState, { ...seededState, csrf: undefined, storage: {} })
        assert.deepStrictEqual(yield* logTexts, [illegalCsrfTokenWarning("storage")])
        const answer = yield* (yield* PlatformHttp).post(platformUrl)
        assert.deepStrictEqual(answer, { ok: true })
        // first send without a token (never a FetchError), re-sent once with the fresh one
        assert.deepStrictEqual(
          (yield* StubFetch).requests.map((r) => r.headers["x-csrf-token"]),
          [undefined, "fresh-token"]
        )
        assert.deepStrictEqual(yield* storedState, {
          ...seededState,
          csrf: "fresh-token",
          storage: { [csrfStorageKey]: "fresh-token" }
        })
        for (const line of yield* logTexts) assert.notInclude(line, stale)
      }).pipe(Effect.provide(securityLayer(freshOn403, { storage: { [csrfStorageKey]: stale } })))
    )
  }

  it.effect(
    "an illegal token in a platform 403 is ignored with a warning; nothing is re-sent; the next good one recovers",
    () => {
      let n = 0
      return Effect.gen(function* () {
        const http = yield* PlatformHttp
        const error = yield* Effect.flip(http.post(platformUrl))
        assert.strictEqual(error._tag === "ResponseError" && error.status, 403)
        assert.strictEqual((yield* StubFetch).requests.length, 1)
        assert.deepStrictEqual(yield* storedState, seededState)
        assert.deepStrictEqual(yield* logTexts, [illegalCsrfTokenWarning("response")])
        yield* http.post(platformUrl)
        assert.deepStrictEqual(
          (yield* StubFetch).requests.map((r) => r.headers["x-csrf-token"]),
          [seeded.csrf, seeded.csrf, "good-token"]
        )
      }).pipe(
        Effect.provide(
          securityLayer((r) =>
            r.headers["x-csrf-token"] === "good-token"
              ? jsonResponse({ ok: true })
              : jsonResponse(
                  {},
                  { status: 403, headers: { "x-csrf-token": n++ === 0 ? "bad\u0001token" : "good-token" } }
                )
          )
        )
      )
    }
  )

  it.effect(
    "token and proxy values that are not legal header values are not stored; a warning names them, not their values",
    () =>
      Effect.gen(function* () {
        yield* (yield* PlatformHttp).get(platformUrl)
        assert.deepStrictEqual(yield* storedState, seededState)
        assert.deepStrictEqual(yield* logTexts, ["Session header token is not a legal HTTP header value; ignored"])
      }).pipe(
        Effect.provide(
          securityLayer(() =>
            jsonResponse({}, { headers: { "x-platform-token": "planted\u0001", "x-platform-proxy": "fine-proxy" } })
          )
        )
      )
  )
})
