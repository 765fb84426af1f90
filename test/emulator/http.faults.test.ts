import { assert, describe, it } from "@effect/vitest"
import { startEmulator } from "../../src/emulator/Emulator.ts"
import { adminHeaders, call, postJson, useEmulator, verdictsOf } from "./support.ts"

const fault = verdictsOf("fault")

describe("emulator over HTTP: fault injection at run time", () => {
  const emulator = useEmulator()
  const addFault = (rule: unknown) => postJson(`${emulator().adminUrl}/faults`, rule, adminHeaders)
  const gameDetails = () => call(`${emulator().baseUrls.games}/v1/games?universeIds=1001`)

  it("answers a chosen path 503 with the platform's error body, the chosen number of times", async () => {
    const added = await addFault({ kind: "status", status: 503, path: "/games/*", times: 1 })
    assert.deepStrictEqual(added.body, {
      id: "f1",
      rule: { kind: "status", status: 503, path: "/games/*", times: 1 },
      hits: 0,
      remaining: 1
    })
    const faulted = await gameDetails()
    assert.strictEqual(faulted.status, 503)
    assert.deepStrictEqual(faulted.body, { errors: [{ code: 0, message: "ServiceUnavailable" }] })
    assert.strictEqual((await gameDetails()).status, 200)
    assert.strictEqual((await call(`${emulator().baseUrls.users}/v1/users/authenticated`)).status, 200)
    const faults = await call(`${emulator().adminUrl}/faults`)
    assert.deepStrictEqual(
      faults.body.map((f: { hits: number; remaining: number }) => [f.hits, f.remaining]),
      [[1, 0]]
    )
    assert.deepStrictEqual(fault(emulator().state.log.since(0).entries[0]!), ["fault 503 (f1)"])
  })

  it("answers 429 with Retry-After", async () => {
    await addFault({ kind: "status", status: 429, retryAfter: 7 })
    const limited = await gameDetails()
    assert.strictEqual(limited.status, 429)
    assert.strictEqual(limited.headers["retry-after"], "7")
    assert.deepStrictEqual(limited.body, { errors: [{ code: 0, message: "TooManyRequests" }] })
  })

  it("adds latency", async () => {
    await addFault({ kind: "latency", ms: 300, path: "/games/v1/games" })
    const started = Date.now()
    assert.strictEqual((await gameDetails()).status, 200)
    assert.isAtLeast(Date.now() - started, 290)
    const entry = emulator().state.log.since(0).entries[0]!
    assert.deepStrictEqual(fault(entry), ["fault latency 300ms (f1)"])
    assert.isAtLeast(entry.durationMs, 290)
  })

  it("drops the connection: the client sees a network failure and the log no status", async () => {
    await addFault({ kind: "drop", path: "/games/*" })
    const failure = await fetch(`${emulator().baseUrls.games}/v1/games?universeIds=1001`).then(
      () => "answered",
      (error: Error) => error.name
    )
    assert.strictEqual(failure, "TypeError")
    const entry = emulator().state.log.since(0).entries[0]!
    assert.deepStrictEqual([entry.status, fault(entry)], [null, ["fault drop (f1)"]])
  })

  it("applies to CSRF-checked requests before the token check, and never to admin requests", async () => {
    await addFault({ kind: "status", status: 500 })
    assert.strictEqual((await postJson(`${emulator().baseUrls.users}/v1/users`, { userIds: [1] })).status, 500)
    assert.strictEqual((await call(`${emulator().adminUrl}/health`)).status, 200)
  })

  it("rejects an invalid rule, removes one rule, clears all and resets to the start-up rules", async () => {
    assert.strictEqual((await addFault({ kind: "status", status: 200 })).status, 400)
    await addFault({ kind: "drop", path: "/a" })
    await addFault({ kind: "drop", path: "/b" })
    assert.strictEqual(
      (await call(`${emulator().adminUrl}/faults/f1`, { method: "DELETE", headers: adminHeaders })).status,
      204
    )
    assert.strictEqual(
      (await call(`${emulator().adminUrl}/faults/f1`, { method: "DELETE", headers: adminHeaders })).status,
      404
    )
    assert.deepStrictEqual(
      (await call(`${emulator().adminUrl}/faults`)).body.map((f: { id: string }) => f.id),
      ["f2"]
    )
    assert.strictEqual(
      (await call(`${emulator().adminUrl}/faults`, { method: "DELETE", headers: adminHeaders })).status,
      204
    )
    assert.deepStrictEqual((await call(`${emulator().adminUrl}/faults`)).body, [])
  })
})

describe("emulator over HTTP: fault rules given at start-up", () => {
  it("hit the same requests in every run with the same seed", async () => {
    const run = async () => {
      const emulator = await startEmulator({ faults: [{ kind: "status", status: 503, percent: 40, path: "/games/*" }] })
      try {
        const statuses: Array<number> = []
        for (let i = 0; i < 25; i++)
          statuses.push((await call(`${emulator.baseUrls.games}/v1/games?universeIds=1001`)).status)
        return statuses
      } finally {
        await emulator.close()
      }
    }
    const first = await run()
    assert.deepStrictEqual(await run(), first)
    const faulted = first.filter((s) => s === 503).length
    assert.isTrue(faulted > 3 && faulted < 22, `about 40% of 25, got ${faulted}`)
    assert.deepStrictEqual(new Set(first), new Set([200, 503]))
  })
})
