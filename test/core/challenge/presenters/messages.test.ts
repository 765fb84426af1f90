/** Decoding the hybrid page's messages: the real page's shapes, the spec's, and what is ignored. */
import { assert, describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import {
  decodePageMessage,
  oversizedCompletionReason,
  pageMessage
} from "../../../../src/core/challenge/presenters/messages.ts"

const decode = (type: string, data?: unknown) =>
  Option.getOrUndefined(decodePageMessage({ genericChallengeResponse: data === undefined ? { type } : { type, data } }))

describe("decodePageMessage", () => {
  it("reads the real page's messages as it posts them", () => {
    assert.deepStrictEqual(decode("challengeDisplayed", { displayed: true }), { type: "challengeDisplayed" })
    assert.deepStrictEqual(decode("challengeInitialized", { initialized: true }), {
      type: "challengeInitialized",
      success: true
    })
    assert.deepStrictEqual(decode("challengeInitialized", { initialized: false }), {
      type: "challengeInitialized",
      success: false
    })
    assert.deepStrictEqual(
      decode("challengeCompleted", {
        challengeType: "captcha",
        metadata: { captchaToken: "t", unifiedCaptchaId: "u" }
      }),
      { type: "challengeCompleted", challengeMetadata: { captchaToken: "t", unifiedCaptchaId: "u" } }
    )
    assert.deepStrictEqual(
      decode("challengeInvalidated", { challengeType: "captcha", errorCode: 0, errorMessage: "Wrong." }),
      { type: "challengeInvalidated", reason: "Wrong." }
    )
    assert.deepStrictEqual(decode("challengeInvalidated", { abandoned: true }), { type: "challengeAbandoned" })
    // the progress messages the real page tells only native apps, with its data keys
    assert.deepStrictEqual(decode("challengePageLoaded", { pageLoaded: false }), {
      type: "challengePageLoaded",
      success: false
    })
    assert.deepStrictEqual(decode("challengeParsed", { parsed: true }), { type: "challengeParsed", success: true })
  })

  it("still reads the spec's shapes", () => {
    assert.deepStrictEqual(decode("challengePageLoaded", true), { type: "challengePageLoaded", success: true })
    assert.deepStrictEqual(decode("challengeParsed", false), { type: "challengeParsed", success: false })
    assert.deepStrictEqual(decode("challengeAbandoned"), { type: "challengeAbandoned" })
    assert.deepStrictEqual(decode("challengeCompleted", { challengeId: "c-2", challengeMetadata: { t: 1 } }), {
      type: "challengeCompleted",
      challengeId: "c-2",
      challengeMetadata: { t: 1 }
    })
    assert.deepStrictEqual(decode("challengeInvalidated", { reason: "No.", errorCode: "SESSION_EXPIRED" }), {
      type: "challengeInvalidated",
      reason: "No.",
      errorCode: "SESSION_EXPIRED"
    })
    assert.deepStrictEqual(decode("challengeCompleted"), { type: "challengeCompleted" })
  })

  it("prefers the real page's metadata over the spec's key; keeps a code only when it is a challenge error code", () => {
    assert.deepStrictEqual(decode("challengeCompleted", { metadata: { a: 1 }, challengeMetadata: { b: 2 } }), {
      type: "challengeCompleted",
      challengeMetadata: { a: 1 }
    })
    assert.deepStrictEqual(decode("challengeInvalidated", { errorCode: "EXPLODED" }), { type: "challengeInvalidated" })
    assert.deepStrictEqual(decode("challengeInvalidated", { abandoned: "yes" }), { type: "challengeInvalidated" })
    assert.deepStrictEqual(decode("challengeInvalidated", { errorMessage: "x".repeat(301) }), {
      type: "challengeInvalidated"
    })
  })

  it("ignores what matches neither shape", () => {
    for (const [type, data] of [
      ["challengeInitialized", { initialized: "false" }],
      ["challengeInitialized", {}],
      ["challengePageLoaded", "true"],
      ["challengeParsed", undefined],
      ["challengeCompleted", { metadata: [1] }],
      ["challengeCompleted", { metadata: "{}" }],
      ["challengeCompleted", { challengeId: "" }],
      ["challengeExploded", {}]
    ] as const)
      assert.isUndefined(decode(type, data), `${type} ${JSON.stringify(data)}`)
  })

  it("a completion whose metadata (under either key) is over the limits is an invalidation", () => {
    const deep = JSON.parse(`${"[".repeat(40)}${"]".repeat(40)}`)
    for (const data of [
      { metadata: { deep } },
      { challengeMetadata: { deep } },
      { metadata: { big: "x".repeat(20_000) } }
    ]) {
      assert.deepStrictEqual(decode("challengeCompleted", data), {
        type: "challengeInvalidated",
        reason: oversizedCompletionReason
      })
    }
    assert.deepStrictEqual(pageMessage("challengeDisplayed"), {
      genericChallengeResponse: { type: "challengeDisplayed" }
    })
  })
})
