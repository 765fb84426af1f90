import { assert, describe, it } from "@effect/vitest"
import { displayDateOptions, formatDisplayDate } from "../../../src/core/text/displayDate.ts"
import { formatDuration } from "../../../src/core/text/duration.ts"
import { defaultHandledKey, isHandledKey, keyHandler } from "../../../src/core/text/keyHandler.ts"

describe("formatDisplayDate", () => {
  const jan5 = Date.UTC(2024, 0, 5, 15, 7)

  it("uses short month, numeric day and year, hour and minute in 12-hour style", () => {
    assert.deepStrictEqual(displayDateOptions, {
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      hour12: true
    })
    assert.strictEqual(formatDisplayDate(jan5, { timeZone: "UTC" }), "Jan 5, 2024, 3:07 PM")
    assert.strictEqual(
      formatDisplayDate(new Date(Date.UTC(2024, 11, 31, 0, 5)), { timeZone: "UTC" }),
      "Dec 31, 2024, 12:05 AM"
    )
  })

  it("follows the locale and the time zone", () => {
    assert.strictEqual(formatDisplayDate(jan5, { timeZone: "UTC", locale: "fr-FR" }), "5 janv. 2024, 3:07 PM")
    assert.strictEqual(formatDisplayDate(jan5, { timeZone: "America/New_York" }), "Jan 5, 2024, 10:07 AM")
  })

  it("falls back instead of throwing", () => {
    assert.strictEqual(formatDisplayDate(jan5, { timeZone: "UTC", locale: "!!" }), "Jan 5, 2024, 3:07 PM")
    assert.strictEqual(formatDisplayDate(jan5, { timeZone: "Not/AZone" }), formatDisplayDate(jan5))
    assert.strictEqual(formatDisplayDate(Number.NaN), "")
    assert.strictEqual(formatDisplayDate(new Date("nonsense")), "")
  })
})

describe("formatDuration", () => {
  it("formats milliseconds as hh:mm:ss", () => {
    assert.strictEqual(formatDuration(0), "00:00:00")
    assert.strictEqual(formatDuration(999), "00:00:00")
    assert.strictEqual(formatDuration(1000), "00:00:01")
    assert.strictEqual(formatDuration(3_723_000), "01:02:03")
    assert.strictEqual(formatDuration(86_399_999), "23:59:59")
    assert.strictEqual(formatDuration(360_000_000), "100:00:00")
    assert.strictEqual(formatDuration(600_000), "00:10:00")
  })

  it("signs negative durations and maps non-finite values to zero", () => {
    assert.strictEqual(formatDuration(-5000), "-00:00:05")
    assert.strictEqual(formatDuration(-500), "00:00:00")
    assert.strictEqual(formatDuration(Number.NaN), "00:00:00")
    assert.strictEqual(formatDuration(Number.POSITIVE_INFINITY), "00:00:00")
  })
})

describe("keyHandler", () => {
  it("runs the action for Enter by default and ignores other keys", () => {
    const seen: Array<string> = []
    const onKey = keyHandler((event: { key: string }) => void seen.push(event.key))
    for (const key of ["a", "Enter", " ", "Escape", "Enter"]) onKey({ key })
    assert.deepStrictEqual(seen, ["Enter", "Enter"])
    assert.strictEqual(defaultHandledKey, "Enter")
  })

  it("runs the action for the configured key(s) instead", () => {
    const seen: Array<string> = []
    const onSpace = keyHandler((event: { key: string }) => void seen.push(event.key), " ")
    const onEither = keyHandler((event: { key: string }) => void seen.push(`either:${event.key}`), ["Escape", "q"])
    for (const key of ["Enter", " ", "Escape", "q"]) {
      onSpace({ key })
      onEither({ key })
    }
    assert.deepStrictEqual(seen, [" ", "either:Escape", "either:q"])
  })

  it("ignores keys pressed while composing text", () => {
    assert.isFalse(isHandledKey({ key: "Enter", isComposing: true }))
    assert.isTrue(isHandledKey({ key: "Enter", isComposing: false }))
  })
})
