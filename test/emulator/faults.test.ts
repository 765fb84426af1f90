import { assert, describe, it } from "@effect/vitest"
import { type FaultRuleInput, globToRegExp, makeFaults, parseFaultSpec } from "../../src/emulator/platform/faults.ts"

describe("parseFaultSpec", () => {
  it("reads each kind with its options", () => {
    assert.deepStrictEqual(parseFaultSpec("status=503,path=/games/*,percent=50,times=3"), {
      kind: "status",
      status: 503,
      path: "/games/*",
      percent: 50,
      times: 3
    })
    assert.deepStrictEqual(parseFaultSpec("status=429,retryAfter=2,method=post"), {
      kind: "status",
      status: 429,
      retryAfter: 2,
      method: "post"
    })
    assert.deepStrictEqual(parseFaultSpec("latency=800,path=/friends/*"), {
      kind: "latency",
      ms: 800,
      path: "/friends/*"
    })
    assert.deepStrictEqual(parseFaultSpec("drop,percent=10%"), { kind: "drop", percent: 10 })
  })

  it("says what is wrong with a bad spec", () => {
    const message = (spec: string) => {
      try {
        parseFaultSpec(spec)
        return "parsed"
      } catch (error) {
        return (error as Error).message
      }
    }
    assert.strictEqual(message(""), 'Invalid fault "": empty')
    assert.strictEqual(
      message("boom"),
      'Invalid fault "boom": it must start with status=<code>, latency=<ms> or drop, not "boom"'
    )
    assert.strictEqual(message("drop,colour=red"), 'Invalid fault "drop,colour=red": unknown key "colour"')
    assert.strictEqual(message("drop,path"), 'Invalid fault "drop,path": "path" is not key=value')
    assert.match(message("status=200"), /^Invalid fault "status=200": Expected a value between 400 and 599/)
    assert.match(message("drop,percent=150"), /^Invalid fault "drop,percent=150": Expected a value between 0 and 100/)
  })
})

describe("globToRegExp", () => {
  it("matches * across segments and nothing else loosely", () => {
    assert.isTrue(globToRegExp("/games/*").test("/games/v1/games/list"))
    assert.isFalse(globToRegExp("/games/*").test("/thumbnails/v1/games/icons"))
    assert.isTrue(globToRegExp("*").test("/anything"))
    assert.isFalse(globToRegExp("/a.b").test("/axb"))
  })
})

describe("fault rules", () => {
  const decideMany = (rules: ReadonlyArray<FaultRuleInput>, n: number, path = "/games/v1/games") => {
    const faults = makeFaults(1, rules)
    return Array.from({ length: n }, () => faults.decide("GET", path))
  }

  it("hit every matching request by default and only matching ones", () => {
    const faults = makeFaults(1, [{ kind: "status", status: 503, path: "/games/*" }])
    assert.deepStrictEqual(faults.decide("GET", "/games/v1/games").action, {
      kind: "status",
      status: 503,
      retryAfter: undefined
    })
    assert.deepStrictEqual(faults.decide("GET", "/users/v1/users").action, undefined)
    assert.deepStrictEqual(faults.decide("GET", "/games/v1/games").verdicts, ["fault 503 (f1)"])
  })

  it("stop after `times` hits", () => {
    const actions = decideMany([{ kind: "drop", times: 2 }], 4).map((d) => d.action?.kind)
    assert.deepStrictEqual(actions, ["drop", "drop", undefined, undefined])
  })

  it("filter on the method", () => {
    const faults = makeFaults(1, [{ kind: "status", status: 500, method: "post" }])
    assert.strictEqual(faults.decide("GET", "/x").action, undefined)
    assert.strictEqual(faults.decide("POST", "/x").action?.kind, "status")
  })

  it("hit a percentage of requests, the same ones on every run", () => {
    const run = () =>
      decideMany([{ kind: "status", status: 503, percent: 30 }], 1000).map((d) => d.action !== undefined)
    const first = run()
    const hits = first.filter(Boolean).length
    assert.isTrue(hits > 240 && hits < 360, `30% of 1000 requests, got ${hits}`)
    assert.deepStrictEqual(run(), first)
  })

  it("add latency of every matching latency rule, and let the first status or drop rule win", () => {
    const [decision] = decideMany(
      [
        { kind: "latency", ms: 100 },
        { kind: "status", status: 429, retryAfter: 3 },
        { kind: "latency", ms: 50 },
        { kind: "drop" }
      ],
      1
    )
    assert.strictEqual(decision!.latencyMs, 150)
    assert.deepStrictEqual(decision!.action, { kind: "status", status: 429, retryAfter: 3 })
    assert.deepStrictEqual(decision!.verdicts, [
      "fault latency 100ms (f1)",
      "fault 429 (f2)",
      "fault latency 50ms (f3)"
    ])
  })

  it("count hits, can be removed and cleared, and reset to the start-up rules", () => {
    const faults = makeFaults(1, [{ kind: "drop", path: "/a" }])
    const added = faults.add({ kind: "status", status: 503, times: 5 })
    assert.strictEqual(added.id, "f2")
    faults.decide("GET", "/b")
    assert.deepStrictEqual(
      faults.list().map((f) => [f.id, f.hits, f.remaining]),
      [
        ["f1", 0, null],
        ["f2", 1, 4]
      ]
    )
    assert.isTrue(faults.remove("f1"))
    assert.isFalse(faults.remove("f1"))
    faults.clear()
    assert.deepStrictEqual(faults.list(), [])
    faults.reset()
    assert.deepStrictEqual(
      faults.list().map((f) => f.id),
      ["f1"]
    )
  })
})
