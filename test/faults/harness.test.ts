/**
 * The fault harness catches what it claims to catch, so that "0 lost, 0 duplicated mutations" means something:
 * a client that re-sends a POST after a 503 is counted as a duplicated mutation, a call that never settles is
 * lost, a defect is not a typed outcome, a secret in a log line or a telemetry payload is found, and a success
 * the server never answered is flagged. (Its totals are this file's own: vitest isolates test files.)
 */
import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Telemetry } from "../../src/core/browser/Telemetry.ts"
import { FetchError } from "../../src/core/http/errors.ts"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import { useEmulator } from "../emulator/support.ts"
import { addFaults, type Call, makeScenario, mutations, report, runConcurrently, settle } from "./harness.ts"
import { plainPage } from "./pages.ts"

describe("the fault harness", () => {
  const emulator = useEmulator()

  it.live("counts a POST that a naive client re-sends after a 503 as a duplicated mutation", () =>
    Effect.gen(function* () {
      const s = yield* makeScenario("naive retries", emulator())
      yield* addFaults(s.emulator, [{ kind: "status", status: 503, path: "/users/*", times: 2 }])
      const op = s.op()
      const naive: Call<HttpClient.HttpClient> = {
        label: "POST users lookup (retryTransient)",
        op,
        effect: Effect.flatMap(HttpClient.HttpClient, (client) =>
          HttpClientRequest.post(`${s.emulator.baseUrls.users}/v1/users`).pipe(
            HttpClientRequest.setUrlParam("faultOp", op),
            HttpClientRequest.bodyJsonUnsafe({ userIds: [1] }),
            HttpClient.retryTransient(client, { times: 2 }).execute
          )
        )
      }
      const settled = yield* runConcurrently([naive]).pipe(
        Effect.provide(FetchHttpClient.layer),
        Effect.provide(s.shared)
      )
      const r = yield* report(s, settled)
      // 503, 503 (re-sent twice), then the CSRF check's 403: three sends where one is allowed (+1 for the 403)
      assert.deepStrictEqual(
        r.mutations.map((m) => [m.sent, m.allowed]),
        [[3, 2]]
      )
      assert.strictEqual(r.duplicated, 1)
    })
  )

  it.live("counts a call that does not settle within the bound as lost, and tells defects from typed errors", () =>
    Effect.gen(function* () {
      const hung = yield* settle({ label: "hangs", effect: Effect.never }, Duration.millis(20))
      assert.strictEqual(hung.outcome._tag, "lost")
      const died = yield* settle({ label: "dies", effect: Effect.die(new Error("boom")) })
      assert.strictEqual(died.outcome._tag, "defect")
      const untyped = yield* settle({ label: "fails untyped", effect: Effect.fail(new Error("raw")) })
      assert.strictEqual(untyped.outcome._tag, "defect")
      const typed = yield* settle({
        label: "fails typed",
        effect: Effect.fail(new FetchError({ url: "http://x", method: "GET", cause: undefined }))
      })
      assert.deepStrictEqual(
        [typed.outcome._tag, typed.outcome._tag === "typed" && typed.outcome.name],
        ["typed", "FetchError"]
      )

      const s = yield* makeScenario("lost calls", emulator())
      const r = yield* report(s, [hung, died])
      assert.strictEqual(r.lost, 1)
      assert.strictEqual(r.defects.length, 1)
    })
  )

  it.live("finds an anti-forgery token in a log line and in a telemetry payload", () =>
    Effect.gen(function* () {
      const s = yield* makeScenario("leaks", emulator())
      yield* Effect.gen(function* () {
        const settled = yield* runConcurrently(mutations(s, 1))
        const [token] = [...s.wire.secrets]
        assert.isString(token)
        yield* Effect.logDebug("careless", { headers: { "x-csrf-token": token } })
        yield* Effect.flatMap(Telemetry, (t) => t.trackEvent("careless", { token: token! }))
        const r = yield* report(s, settled)
        assert.strictEqual(r.leaks.length, 2, r.leaks.join("\n"))
      }).pipe(Effect.provide(plainPage(s)))
    })
  )

  it.live("flags a success that the server never answered", () =>
    Effect.gen(function* () {
      const s = yield* makeScenario("phantom", emulator())
      const r = yield* report(s, [
        { call: { label: "POST phantom", op: s.op(), effect: Effect.void }, outcome: { _tag: "ok" } }
      ])
      assert.strictEqual(r.inconsistencies.length, 1)
    })
  )
})
