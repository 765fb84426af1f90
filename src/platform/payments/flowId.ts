/**
 * A payment flow's id: the page's `analyticId` query parameter when it is a UUID (so a flow begun elsewhere goes on
 * here), else a new version 4 UUID.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import * as Schema from "effect/Schema"
import { FlowUuid } from "./flowCookie.ts"
import { logPaymentFlowError } from "./PaymentFlowError.ts"
import type { PaymentFlowSettingsShape } from "./PaymentFlowSettings.ts"

const isUuid = Schema.is(FlowUuid)

/** A version 4 UUID from Effect's `Random` (seedable in tests; a flow id needs no cryptographic strength). */
export const randomUuid: Effect.Effect<string> = Effect.map(
  Effect.all(Array.from({ length: 16 }, () => Random.nextIntBetween(0, 255))),
  (bytes) => {
    bytes[6] = (bytes[6]! & 0x0f) | 0x40
    bytes[8] = (bytes[8]! & 0x3f) | 0x80
    const hex = bytes.map((b) => b.toString(16).padStart(2, "0")).join("")
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
  }
)

const queryOf = (url: string, name: string): string | undefined =>
  URL.canParse(url) ? (new URL(url).searchParams.get(name) ?? undefined) : undefined

/** The id of a flow started on the page at `url` (lower case); an id parameter that is not a UUID is logged. */
export const flowIdFor = (settings: PaymentFlowSettingsShape, url: string): Effect.Effect<string> => {
  const analyticId = queryOf(url, settings.analyticIdParameter)
  if (analyticId !== undefined && isUuid(analyticId)) return Effect.succeed(analyticId.toLowerCase())
  if (analyticId === undefined) return randomUuid
  return Effect.andThen(
    logPaymentFlowError("StartFlowError", `${settings.analyticIdParameter} is not a UUID; a new flow id was generated`),
    randomUuid
  )
}
