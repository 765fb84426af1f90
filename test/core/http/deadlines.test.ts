/**
 * The shared deadline timer (src/core/http/deadlines.ts) over a scripted clock: when deadlines expire, how many
 * timers it arms and clears, and that a cancelled one never expires.
 */
import { assert, describe, it } from "@effect/vitest"
import { type DeadlineClock, expireThrew, makeDeadlines, maxTimerMillis } from "../../../src/core/http/deadlines.ts"

/**
 * A manual clock: `advance` moves time and runs the timers that are due, in time order. Its timers fire `early` ms
 * before they were asked to (as a timer whose own clock rounds differently).
 */
const manualClock = (early = 0) => {
  let now = 0
  let nextId = 0
  const timers = new Map<number, { readonly at: number; readonly f: () => void }>()
  const stats = { set: 0, cleared: 0 }
  const clock: DeadlineClock = {
    now: () => now,
    set: (f, millis) => {
      stats.set++
      timers.set(++nextId, { at: now + millis - early, f })
      return nextId
    },
    clear: (handle) => {
      stats.cleared++
      timers.delete(handle as number)
    }
  }
  const advance = (millis: number) => {
    const end = now + millis
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
      if (due === undefined) break
      timers.delete(due[0])
      now = due[1].at
      due[1].f()
    }
    now = end
  }
  return { clock, advance, stats, armed: () => timers.size }
}

describe("deadlines", () => {
  it("a callback that cancels another deadline due in the same firing: the cancelled one never expires", () => {
    const { advance, clock } = manualClock()
    const schedule = makeDeadlines(clock)
    const expired: Array<string> = []
    let cancelB = () => {}
    schedule(100, () => {
      expired.push("a")
      cancelB()
    })
    cancelB = schedule(100, () => expired.push("b"))
    schedule(100, () => expired.push("c"))
    advance(100)
    assert.deepStrictEqual(expired, ["a", "c"])
  })

  it("a deadline beyond what a timer holds: the timer is armed for maxTimerMillis, fires early, expires nothing, is armed again", () => {
    const { advance, clock, stats } = manualClock()
    const asked: Array<number> = []
    const schedule = makeDeadlines({ ...clock, set: (f, millis) => (asked.push(millis), clock.set(f, millis)) })
    const expired: Array<string> = []
    schedule(maxTimerMillis + 1000, () => expired.push("far"))
    assert.deepStrictEqual(asked, [maxTimerMillis])
    advance(maxTimerMillis)
    assert.deepStrictEqual(expired, [])
    assert.deepStrictEqual(asked, [maxTimerMillis, 1000])
    advance(999)
    assert.deepStrictEqual(expired, [])
    advance(1)
    assert.deepStrictEqual(expired, ["far"])
    assert.strictEqual(stats.set, 2)
  })

  it("each deadline expires at its own time, not before", () => {
    const { clock, advance } = manualClock()
    const schedule = makeDeadlines(clock)
    const expired: Array<string> = []
    schedule(100, () => expired.push("a"))
    advance(10)
    schedule(100, () => expired.push("b")) // due at 110
    schedule(50, () => expired.push("c")) // due at 60: earlier than the armed timer
    advance(49)
    assert.deepStrictEqual(expired, [])
    advance(1)
    assert.deepStrictEqual(expired, ["c"])
    advance(39)
    assert.deepStrictEqual(expired, ["c"])
    advance(1)
    assert.deepStrictEqual(expired, ["c", "a"])
    advance(9)
    assert.deepStrictEqual(expired, ["c", "a"])
    advance(1)
    assert.deepStrictEqual(expired, ["c", "a", "b"])
  })

  it("a cancelled deadline never expires; the others still do", () => {
    const { clock, advance, armed } = manualClock()
    const schedule = makeDeadlines(clock)
    const expired: Array<string> = []
    const cancelA = schedule(100, () => expired.push("a"))
    schedule(200, () => expired.push("b"))
    cancelA()
    advance(150)
    assert.deepStrictEqual(expired, [])
    assert.strictEqual(armed(), 1)
    advance(50)
    assert.deepStrictEqual(expired, ["b"])
    assert.strictEqual(armed(), 0)
  })

  it("sequential calls with the same time-out arm one timer, not one each, and clear none", () => {
    const { clock, advance, stats } = manualClock()
    const schedule = makeDeadlines(clock)
    const expired: Array<number> = []
    for (let call = 0; call < 1000; call++) {
      const cancel = schedule(30_000, () => expired.push(call))
      advance(5) // the answer comes in 5 ms
      cancel()
    }
    assert.deepStrictEqual(stats, { set: 1, cleared: 0 })
    advance(60_000)
    assert.deepStrictEqual(expired, [])
    // the timer fired once at 30 s, found nothing due and nothing waiting, and was not armed again
    assert.deepStrictEqual(stats, { set: 1, cleared: 0 })
  })

  it("a timer that fires early is armed again for what is left; the deadline never expires before its time", () => {
    const { clock, advance, stats } = manualClock(0.4)
    const schedule = makeDeadlines(clock)
    const expired: Array<number> = []
    schedule(100, () => expired.push(clock.now()))
    advance(99.6) // the timer fires here, 0.4 ms early
    assert.deepStrictEqual(expired, [])
    assert.strictEqual(stats.set, 2)
    advance(1)
    assert.strictEqual(expired.length, 1)
    assert.isAtLeast(expired[0]!, 100)
  })

  it("deadlines due together all expire in one firing, and one scheduled from an expiry is kept", () => {
    const { clock, advance } = manualClock()
    const schedule = makeDeadlines(clock)
    const expired: Array<string> = []
    schedule(10, () => {
      expired.push("a")
      schedule(10, () => expired.push("later"))
    })
    schedule(10, () => expired.push("b"))
    advance(10)
    assert.deepStrictEqual(expired, ["a", "b"])
    advance(10)
    assert.deepStrictEqual(expired, ["a", "b", "later"])
  })

  it("an expire callback that throws keeps the others expiring; its throw is passed on after all of them, the timer armed again", () => {
    const { advance, armed, clock } = manualClock()
    const schedule = makeDeadlines(clock)
    const expired: Array<string> = []
    const bug = new Error("bug in a")
    schedule(10, () => {
      expired.push("a")
      throw bug
    })
    schedule(10, () => expired.push("b"))
    schedule(20, () => expired.push("c"))
    assert.throws(() => advance(10), "bug in a")
    assert.deepStrictEqual([expired, armed()], [["a", "b"], 1])
    advance(10)
    assert.deepStrictEqual(expired, ["a", "b", "c"])
  })

  it("several throwing expire callbacks: all deadlines expire, the throws passed on together as one AggregateError", () => {
    const { advance, clock } = manualClock()
    const schedule = makeDeadlines(clock)
    const expired: Array<string> = []
    const first = new Error("first")
    const second = new Error("second")
    schedule(10, () => {
      expired.push("a")
      throw first
    })
    schedule(10, () => {
      expired.push("b")
      throw second
    })
    schedule(10, () => expired.push("c"))
    let caught: unknown
    try {
      advance(10)
    } catch (error) {
      caught = error
    }
    assert.deepStrictEqual(expired, ["a", "b", "c"])
    assert.instanceOf(caught, AggregateError)
    assert.deepStrictEqual(
      [(caught as AggregateError).errors, (caught as AggregateError).message],
      [[first, second], expireThrew]
    )
  })
})
