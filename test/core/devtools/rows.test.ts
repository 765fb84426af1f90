import { assert, describe, it } from "vitest"
import { applyPipelineEvent, maxChallengeTypeLength, requestRow } from "../../../src/core/devtools/rows.ts"

const sent = {
  _tag: "RequestSent",
  call: 1,
  method: "POST",
  url: "https://apis.example.com/v1/x?token=T0KEN&limit=2#f",
  platform: true
} as const

describe("request rows show the outside as logs write it", () => {
  it("the URL by the URL rule: only allow-listed plain values, no fragment", () => {
    assert.strictEqual(requestRow(1, sent).url, "https://apis.example.com/v1/x?token=[redacted]&limit=2#[redacted]")
  })

  it("a challenge type from a server's header: printable, cut to the longest a row shows", () => {
    const held = (challengeType: string | undefined) =>
      applyPipelineEvent(requestRow(1, sent), { _tag: "ChallengeHeld", call: 1, challengeType }).challenge?.type
    assert.strictEqual(held("captcha"), "captcha")
    assert.strictEqual(held("cap\u0085tcha\u202E"), "cap tcha")
    assert.strictEqual(held("x".repeat(100)), "x".repeat(maxChallengeTypeLength))
    assert.isUndefined(held(undefined))
  })
})
