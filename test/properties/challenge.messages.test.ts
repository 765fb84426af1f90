/**
 * Property tests of the challenge page's messages: decoding never throws on any value, and the message filter
 * accepts nothing that does not come from the frame's window on the allowed origin.
 */
import { describe, it } from "@effect/vitest"
import * as Option from "effect/Option"
import fc from "fast-check"
import { expect } from "vitest"
import { makeChallengeMessageFilter } from "../../src/core/challenge/presenters/messageFilter.ts"
import { ChallengeMessageType, decodePageMessage } from "../../src/core/challenge/presenters/messages.ts"

const www = "https://www.example.com"
const frame = { frame: true }

const envelope = fc.record({
  genericChallengeResponse: fc.record(
    {
      type: fc.oneof(fc.constantFrom(...ChallengeMessageType.literals), fc.string()),
      data: fc.oneof(
        fc.anything(),
        fc.boolean(),
        fc.record({ challengeId: fc.string(), challengeMetadata: fc.anything() }),
        // the real page's shapes
        fc.record({ challengeType: fc.string(), metadata: fc.anything() }),
        fc.record({
          challengeType: fc.string(),
          errorCode: fc.oneof(fc.integer(), fc.string()),
          errorMessage: fc.anything()
        }),
        fc.record({ abandoned: fc.anything() }),
        fc.record({
          displayed: fc.anything(),
          initialized: fc.anything(),
          parsed: fc.anything(),
          pageLoaded: fc.anything()
        })
      )
    },
    { requiredKeys: ["type"] }
  )
})
const data = fc.oneof(fc.anything(), envelope)

describe("challenge page messages (properties)", () => {
  it("decoding any value never throws and yields a known type", () => {
    fc.assert(
      fc.property(data, (value) => {
        const decoded = decodePageMessage(value)
        if (Option.isSome(decoded)) expect(ChallengeMessageType.literals).toContain(decoded.value.type)
      }),
      { numRuns: 3000 }
    )
  })

  it("nothing from another origin or another window is ever accepted", () => {
    const sender = fc.oneof(
      fc.record({ origin: fc.string().filter((o) => o !== www), source: fc.constant<unknown>(frame) }),
      fc.record({ origin: fc.constant(www), source: fc.anything().filter((s) => s !== frame) })
    )
    fc.assert(
      fc.property(fc.array(fc.record({ sender, data }), { maxLength: 50 }), (messages) => {
        const filter = makeChallengeMessageFilter({ allowedOrigins: [www], isFrameWindow: (s) => s === frame })
        for (const { data: d, sender: s } of messages) {
          expect(Option.isNone(filter({ origin: s.origin, source: s.source, data: d }))).toBe(true)
        }
      }),
      { numRuns: 500 }
    )
  })
})
