import { assert, describe, it } from "vitest"
import * as DevtoolsRecorder from "../../../src/core/devtools/DevtoolsRecorder.ts"
import type { RequestRow } from "../../../src/core/devtools/rows.ts"
import * as Observable from "../../../src/core/observable/Observable.ts"
import type { QueryEvent } from "../../../src/core/query/QueryEvent.ts"

const sent = (call: number, url = `https://apis.example.com/v1/${call}`) =>
  ({ _tag: "RequestSent", call, method: "GET", url, platform: true }) as const

describe("DevtoolsRecorder", () => {
  it("groups a call's events into one row; signing before the first send lands on it", () => {
    const recorder = DevtoolsRecorder.make()
    recorder.observe({ _tag: "NotSigned", call: 1, reason: "RequestExempt" })
    recorder.observe(sent(1))
    recorder.observe(sent(2))
    recorder.observe({ _tag: "ResponseReceived", call: 1, status: 403, durationMs: 5 })
    recorder.observe({ _tag: "CsrfResent", call: 1 })
    recorder.observe({ _tag: "Signed", call: 1 })
    recorder.observe(sent(1))
    recorder.observe({ _tag: "ResponseReceived", call: 1, status: 200, durationMs: 7 })
    recorder.observe({ _tag: "TimedOut", call: 2, timeoutMs: 60_000 })
    const [first, second] = recorder.rows() as ReadonlyArray<RequestRow>
    assert.deepStrictEqual(first, {
      kind: "request",
      id: 1,
      call: 1,
      method: "GET",
      url: "https://apis.example.com/v1/1",
      platform: true,
      sends: 2,
      status: 200,
      durationMs: 12,
      failure: undefined,
      csrfResent: 1,
      signing: "signed",
      challenge: undefined,
      batchSize: undefined,
      batchAttempt: undefined
    })
    assert.strictEqual(second!.failure, "TimedOut")
    assert.strictEqual(second!.status, undefined)
  })

  it("keeps at most maxRows rows, dropping the oldest; later events of a dropped call are ignored", () => {
    const recorder = DevtoolsRecorder.make({ maxRows: 3 })
    for (let call = 1; call <= 5; call++) recorder.observe(sent(call))
    recorder.observe({ _tag: "ResponseReceived", call: 1, status: 500, durationMs: 1 })
    recorder.observe({ _tag: "ResponseReceived", call: 5, status: 204, durationMs: 1 })
    const rows = recorder.rows() as ReadonlyArray<RequestRow>
    assert.deepStrictEqual(
      rows.map((r) => [r.id, r.call, r.status]),
      [
        [3, 3, undefined],
        [4, 4, undefined],
        [5, 5, 204]
      ]
    )
  })

  it("the default cap is 200 rows", () => {
    const recorder = DevtoolsRecorder.make()
    for (let call = 1; call <= 250; call++) recorder.observe(sent(call))
    assert.strictEqual(recorder.rows().length, 200)
    assert.strictEqual((recorder.rows()[0] as RequestRow).call, 51)
  })

  it("rows() is the same array until something changes; listeners hear of changes once per microtask", async () => {
    const recorder = DevtoolsRecorder.make()
    let told = 0
    const stop = recorder.subscribe(() => told++)
    const before = recorder.rows()
    assert.strictEqual(recorder.rows(), before)
    recorder.observe(sent(1))
    recorder.observe(sent(2))
    assert.notStrictEqual(recorder.rows(), before)
    assert.strictEqual(told, 0)
    await Promise.resolve()
    assert.strictEqual(told, 1)
    stop()
    recorder.clear()
    await Promise.resolve()
    assert.strictEqual(told, 1)
    assert.deepStrictEqual(recorder.rows(), [])
  })

  it("query events: a fetch row settled by its key; mutations settled oldest first; watching is idempotent", () => {
    const recorder = DevtoolsRecorder.make()
    const events = Observable.make<QueryEvent | undefined>(undefined)
    const stop = recorder.watch({ events })
    assert.strictEqual(recorder.watch({ events }), stop)
    events.set({ _tag: "Fetch", key: "k", reason: "mount" })
    events.set({ _tag: "Deduplicated", key: "k" })
    events.set({ _tag: "MutationStart", name: "follow" })
    events.set({ _tag: "MutationStart", name: "follow" })
    events.set({ _tag: "Settled", key: "k", outcome: "failure" })
    events.set({ _tag: "MutationSettled", name: "follow", outcome: "failure", rolledBack: true })
    events.set({ _tag: "CacheHit", key: "k", stale: true })
    stop()
    events.set({ _tag: "Evicted", key: "k" })
    assert.deepStrictEqual(
      recorder
        .rows()
        .map((r) => (r.kind === "query" ? [r.what, r.key, r.reason, r.outcome, r.rolledBack, r.stale] : r.kind)),
      [
        ["fetch", "k", "mount", "failure", false, false],
        ["deduplicated", "k", undefined, undefined, false, false],
        ["mutation", "follow", undefined, "failure", true, false],
        ["mutation", "follow", undefined, undefined, false, false],
        ["cache-hit", "k", undefined, undefined, false, true]
      ]
    )
  })

  it("stores URLs redacted", () => {
    const recorder = DevtoolsRecorder.make()
    recorder.observe(sent(1, "https://apis.example.com/v1/x?token=abc123"))
    assert.strictEqual((recorder.rows()[0] as RequestRow).url, "https://apis.example.com/v1/x?token=[redacted]")
    assert.notInclude(JSON.stringify(recorder.rows()), "abc123")
  })
})
