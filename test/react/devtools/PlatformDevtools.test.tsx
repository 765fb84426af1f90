// @vitest-environment happy-dom
/**
 * The devtools panel in happy-dom, fed by the library's own instrumentation: the real pipeline (stub fetch) with
 * the recorder's layer, and a PlatformProvider's query client. Each row says what happened; no secret the requests
 * carried (anti-forgery token, bound-auth token, challenge id and metadata, secret query parameters) is in the
 * panel's text.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { act } from "react"
import { assert, beforeAll, describe, it } from "vitest"
import * as BatchProcessor from "../../../src/core/batch/BatchProcessor.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { setHeader } from "../../../src/core/http/request.ts"
import { RequestSigner } from "../../../src/core/signing/RequestSigner.ts"
import { SigningFailure } from "../../../src/core/signing/SigningFailure.ts"
import { makeDevtools, PlatformDevtools } from "../../../src/react/devtools/index.ts"
import { PlatformProvider } from "../../../src/react/PlatformProvider.tsx"
import { useMutation } from "../../../src/react/useMutation.ts"
import { useQuery } from "../../../src/react/useQuery.ts"
import type { RecordedRequest } from "../../../src/testing/StubFetch.ts"
import { jsonResponse } from "../../../src/testing/StubFetch.ts"
import { challengeHeaders, challengeLayer, isResend, platform } from "../../core/challenge/harness.ts"
import { useDom, until } from "../dom.ts"
import { Follow, FriendsQuery, makeFriendsService } from "../friendsApp.ts"

const dom = useDom()

// The panel's module, transformed and loaded once up front: the lazy import then resolves within a few turns
// however busy the machine is (the tests wait for outcomes by turns, not by time).
beforeAll(() => import("../../../src/react/devtools/DevtoolsPanel.tsx"))

const api = "https://apis.example.com"

/** Secrets the requests carry; none may reach the panel. */
const secrets = {
  csrf: "csrf-token-secret-4242",
  bound: "bound-auth-token-secret-v1",
  challengeId: "challenge-id-secret-77",
  captchaId: "captcha-id-secret-88",
  blob: "exchange-blob-secret-99",
  urlToken: "url-token-secret-11",
  urlSignature: "url-signature-secret-12"
}

/** The platform: CSRF on /v1/posts, a challenge on /v1/follow, everything else 200. */
const app = (request: RecordedRequest): Response => {
  const path = new URL(request.url).pathname
  if (path === "/v1/posts" && request.headers["x-csrf-token"] !== secrets.csrf) {
    return jsonResponse({}, { status: 403, headers: { "x-csrf-token": secrets.csrf } })
  }
  if (path === "/v1/follow" && !isResend(request)) {
    return jsonResponse(
      { errors: [{ code: 0, message: "Challenge is required" }] },
      {
        status: 403,
        headers: challengeHeaders(secrets.challengeId, "Captcha", {
          unifiedCaptchaId: secrets.captchaId,
          dataExchangeBlob: secrets.blob,
          actionType: "FollowUser"
        })
      }
    )
  }
  return jsonResponse({ ok: true })
}

/** Signs every request with the bound-auth token, except /v1/exempt (RequestExempt). */
const signer = Layer.succeed(RequestSigner, {
  sign: (request) =>
    request.url.includes("/v1/exempt")
      ? Effect.fail(new SigningFailure({ reason: "RequestExempt", detail: "user is not authenticated" }))
      : Effect.succeed(setHeader(request, "x-bound-auth-token", secrets.bound))
})

/** Each row's cells, joined by " | ", newest first (as the panel lists them). */
const rowTexts = (kind: "request" | "query") =>
  [...dom.container.querySelectorAll(`tr[data-row="${kind}"]`)].map((tr) =>
    [...tr.querySelectorAll("td")]
      .map((td) => td.textContent)
      .filter((t) => t !== "")
      .join(" | ")
      .replace(/\d+ ms/, "N ms")
  )

describe("PlatformDevtools", () => {
  it("rows for a plain GET, a CSRF re-send, a challenge held → continued, signing, a batch; no secret shown", async () => {
    const devtools = makeDevtools()
    const requests: Array<RecordedRequest> = []
    const layer = challengeLayer((request, index) => {
      requests.push(request)
      return platform({ app })(request, index)
    }).pipe(Layer.provide(Layer.merge(devtools.layer, signer)))
    await Effect.runPromise(
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        yield* http.get(`${api}/v1/things?id=5&access_token=${secrets.urlToken}`)
        yield* http.post(`${api}/v1/posts`, { body: { text: "hello" } })
        yield* http.post(`${api}/v1/follow`)
        yield* http.get(`${api}/v1/exempt`)
        const users = yield* BatchProcessor.make({
          waitMs: 1,
          process: (ids: ReadonlyArray<number>) =>
            Effect.orDie(
              http.post(`${api}/v1/users/batch?sig=${secrets.urlSignature}`, { body: { userIds: ids } })
            ).pipe(Effect.as(ids.map(String)))
        })
        yield* users.getAll([11, 12, 13, 14])
      }).pipe(Effect.scoped, Effect.provide(layer))
    )

    // the secrets did travel: the test would prove nothing otherwise
    const sent = JSON.stringify(requests)
    for (const secret of [secrets.csrf, secrets.bound, secrets.challengeId, secrets.urlToken])
      assert.include(sent, secret)

    act(() => dom.root.render(<PlatformDevtools recorder={devtools} initialIsOpen />))
    await until(() => dom.container.querySelector("[data-platform-devtools]") !== null, "the panel's chunk")
    assert.deepStrictEqual(rowTexts("request"), [
      `POST | ${api}/v1/users/batch?sig=[redacted] | 200 | N ms | batch: 4 ids in one call · signed`,
      `GET | ${api}/v1/exempt | 200 | N ms | not signed: RequestExempt`,
      // the challenge service's continue call has its own row, made after the held call's
      `POST | ${api}/challenge/v1/continue | 200 | N ms | signed`,
      `POST | ${api}/v1/follow | 200 | N ms | signed · challenge Captcha held → continued · 2 sends`,
      `POST | ${api}/v1/posts | 200 | N ms | signed · CSRF re-sent · 2 sends`,
      `GET | ${api}/v1/things?id=5&access_token=[redacted] | 200 | N ms | signed`
    ])
    const text = dom.container.textContent ?? ""
    assert.include(text, "Platform devtools · 6 rows")
    for (const secret of Object.values(secrets)) assert.notInclude(text, secret)
    assert.notInclude(dom.container.innerHTML, secrets.urlToken)
  })

  it("a challenge that fails, a failed fetch and a host outside the platform", async () => {
    const devtools = makeDevtools()
    const layer = challengeLayer((request, index) =>
      request.url.includes("/down")
        ? Promise.reject(new TypeError("Failed to fetch"))
        : platform({ onContinue: () => jsonResponse({}, { status: 400 }) })(request, index)
    ).pipe(Layer.provide(devtools.layer))
    await Effect.runPromise(
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        yield* Effect.flip(http.post(`${api}/v1/things`))
        yield* Effect.flip(http.get(`${api}/down`))
        yield* Effect.flip(http.get("https://cdn.example.net/down"))
      }).pipe(Effect.provide(layer))
    )
    act(() => dom.root.render(<PlatformDevtools recorder={devtools} initialIsOpen />))
    await until(() => dom.container.querySelector("[data-platform-devtools]") !== null, "the panel's chunk")
    const rows = rowTexts("request")
    assert.deepStrictEqual(rows.slice(0, 2), [
      "GET | https://cdn.example.net/down | fetch failed | N ms | not a platform host",
      `GET | ${api}/down | fetch failed | N ms`
    ])
    assert.match(
      rows.at(-1)!,
      /^POST \| https:\/\/apis\.example\.com\/v1\/things \| 403 \| N ms \| challenge Captcha held → failed \(\w+\)$/
    )
  })

  it("query rows: fetched, de-duplicated, cache hit, refetched on demand and after a mutation's invalidation", async () => {
    const devtools = makeDevtools()
    const service = makeFriendsService()
    const layer = service.layer.pipe(Layer.provide(devtools.layer))
    function Friends() {
      const view = useQuery(FriendsQuery, { params: { userId: 1 }, query: {} })
      return (
        <button className="refetch" onClick={view.refetch}>
          {view._tag}
        </button>
      )
    }
    function FollowButton() {
      const follow = useMutation(Follow)
      return (
        <button id="follow" onClick={() => follow.mutate(7)}>
          {follow.state._tag}
        </button>
      )
    }
    // async act: the panel hears of the rows in a microtask, which must run inside act too
    const render = (readers: number) =>
      act(async () =>
        dom.root.render(
          <PlatformProvider layer={layer}>
            <PlatformDevtools recorder={devtools} initialIsOpen />
            {Array.from({ length: readers }, (_, i) => (
              <Friends key={i} />
            ))}
            <FollowButton />
          </PlatformProvider>
        )
      )
    const friendsKey = 'friends.getFriends:{"params":{"userId":1},"query":{}}'
    await render(2)
    await until(() => service.pending() === 1, "the request")
    await act(async () => service.answerAll())
    await until(() => rowTexts("query").some((t) => t.endsWith("→ success")), "the settled fetch")
    await render(3) // a third reader of the settled key
    await until(() => rowTexts("query")[0]?.includes("cache hit") === true, "the cache hit")
    await act(async () => (dom.container.querySelector(".refetch") as HTMLButtonElement).click())
    await until(() => service.pending() === 1, "the refetch")
    await act(async () => service.answerAll())
    await act(async () => (dom.container.querySelector("#follow") as HTMLButtonElement).click())
    await until(() => service.pending() === 1, "the follow")
    await act(async () => service.answerAll())
    await until(() => service.pending() === 1, "the refetch after the invalidation")
    await act(async () => service.answerAll())
    await until(() => rowTexts("query")[0]?.endsWith("refetched (invalidate) → success") === true, "the last refetch")
    const key = rowTexts("query").map((t) => t.replace(friendsKey, "KEY"))
    assert.deepStrictEqual(key, [
      "QUERY | KEY | refetched (invalidate) → success",
      "MUTATION | follow | mutation → success",
      "QUERY | KEY | refetched (refetch) → success",
      "QUERY | KEY | cache hit",
      "QUERY | KEY | de-duplicated (joined the request in flight)",
      "QUERY | KEY | fetched → success"
    ])
    assert.deepStrictEqual(
      rowTexts("request").map((t) => t.split(" | ").slice(0, 3).join(" ")),
      [
        "GET https://friends.example.com/v1/users/1/friends 200",
        "POST https://friends.example.com/v1/users/7/follow 200",
        "GET https://friends.example.com/v1/users/1/friends 200",
        "GET https://friends.example.com/v1/users/1/friends 200"
      ]
    )
  })
})
