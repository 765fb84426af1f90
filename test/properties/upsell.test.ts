import { describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import * as fc from "fast-check"
import {
  encodeUpsellCookie,
  type UpsellData,
  validateUpsellCookie
} from "../../src/platform/upsell/UpsellCookieData.ts"

const www = "https://www.example.com"
const optionalInt = fc.option(fc.integer({ min: 1, max: 2 ** 40 }), { nil: undefined })
const optionalText = fc.option(fc.string({ minLength: 1 }), { nil: undefined })
const data: fc.Arbitrary<UpsellData> = fc.record({
  upsellUuid: fc.uuid(),
  targetItemUrl: fc
    .tuple(fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,10}$/), { maxLength: 3 }), fc.integer({ min: 1, max: 2 ** 40 }))
    .map(([segments, id]) => `${www}/${[...segments, "catalog", id].join("/")}`),
  userId: fc.integer({ min: 1, max: 2 ** 40 }),
  expectedCurrency: optionalInt,
  expectedPrice: optionalInt,
  expectedSellerId: optionalInt,
  userAssetId: optionalInt,
  productId: optionalInt,
  collectibleItemId: optionalText,
  collectibleItemInstanceId: optionalText,
  collectibleProductId: optionalText
})

describe("upsell cookie properties", () => {
  it("any data written is read back as valid by its uuid and user, with the URL's item id", () => {
    fc.assert(
      fc.property(data, (d) => {
        const result = validateUpsellCookie(encodeUpsellCookie(d), {
          queryUuid: d.upsellUuid,
          currentUserId: d.userId,
          www
        })
        return (
          Result.isSuccess(result) &&
          JSON.stringify(result.success.data) === JSON.stringify(d) &&
          `${result.success.itemId}` === d.targetItemUrl.split("/").at(-1)
        )
      })
    )
  })

  it("another uuid or another user always expires it", () => {
    fc.assert(
      fc.property(data, fc.uuid(), fc.integer({ min: 1, max: 2 ** 40 }), (d, otherUuid, otherUser) => {
        const value = encodeUpsellCookie(d)
        const byUuid = validateUpsellCookie(value, { queryUuid: otherUuid, currentUserId: d.userId, www })
        const byUser = validateUpsellCookie(value, { queryUuid: d.upsellUuid, currentUserId: otherUser, www })
        return (
          (otherUuid === d.upsellUuid || Result.isFailure(byUuid)) &&
          (otherUser === d.userId || Result.isFailure(byUser))
        )
      })
    )
  })

  it("dropping any trailing field expires it as tooFewFields; extra fields never matter", () => {
    fc.assert(
      fc.property(data, fc.integer({ min: 1, max: 11 }), fc.array(fc.string()), (d, drop, extra) => {
        const fields = encodeUpsellCookie(d).split(",")
        const check = { queryUuid: d.upsellUuid, currentUserId: d.userId, www }
        const short = validateUpsellCookie(fields.slice(0, 11 - drop).join(","), check)
        const long = validateUpsellCookie([...fields, ...extra.map(encodeURIComponent)].join(","), check)
        return Result.isFailure(short) && short.failure === "tooFewFields" && Result.isSuccess(long)
      })
    )
  })

  it("never throws on arbitrary cookie text", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.option(fc.string(), { nil: undefined }),
        fc.option(fc.integer(), { nil: undefined }),
        (value, q, u) => {
          validateUpsellCookie(value, { queryUuid: q, currentUserId: u, www })
          return true
        }
      )
    )
  })
})
