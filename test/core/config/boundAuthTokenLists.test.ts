import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { MetaData } from "../../../src/core/browser/PageMetadata.ts"
import { boundAuthTokenListsFromPage } from "../../../src/core/config/boundAuthTokenLists.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryPageMetadata } from "../../../src/testing/memory/MemoryPageMetadata.ts"

const tag = "hardware-backed-authentication-data"

const read = (data: MetaData | undefined) =>
  Effect.gen(function* () {
    const lists = yield* boundAuthTokenListsFromPage
    const logs = yield* (yield* MemoryLogger).entries
    return { lists, logs: logs.map((l) => l.text), raw: JSON.stringify(logs.map((l) => l.message)) }
  }).pipe(
    Effect.provide(
      Layer.merge(MemoryPageMetadata.layer(data === undefined ? {} : { [tag]: data }), MemoryLogger.layer())
    )
  )

const malformed = (attribute: string, key: string) =>
  `Page metadata <meta name="${tag}"> ${attribute} is malformed (expected JSON {"${key}":[{"apiSite":…,"sampleRate":…}]}); using the default`

const none = { whitelist: [], exemptlist: [], jQueryRolloutPerMillion: 0 }

describe("boundAuthTokenListsFromPage", () => {
  it.effect("string rates, entries split by a comma, a line break and spaces, a line break inside an entry", () =>
    Effect.gen(function* () {
      const { lists, logs } = yield* read({
        boundAuthTokenWhitelist:
          '{"Whitelist":[{"apiSite":"auth.site.test","sampleRate":"100"},\n' +
          '   {"apiSite":"groups.site.\ntest","sampleRate":"25"}, {"apiSite":"jQuery","sampleRate":"1000000"}]}',
        boundAuthTokenExemptlist: '{"Exemptlist":[]}'
      })
      assert.deepStrictEqual(lists, {
        whitelist: [
          { apiSite: "auth.site.test", sampleRate: 100 },
          { apiSite: "groups.site. test", sampleRate: 25 },
          { apiSite: "jQuery", sampleRate: 1_000_000 }
        ],
        exemptlist: [],
        jQueryRolloutPerMillion: 1_000_000
      })
      assert.deepStrictEqual(logs, [])
    })
  )

  it.effect("quotes still HTML-escaped (a page that escaped twice) and numeric rates are read too", () =>
    Effect.gen(function* () {
      const { lists } = yield* read({
        boundAuthTokenWhitelist:
          "{&quot;whitelist&quot;:[{&quot;apiSite&quot;:&quot;jquery&quot;,&quot;sampleRate&quot;:500}]}",
        boundAuthTokenExemptlist: '{"Exemptlist":[{"apiSite":"auth.site.test"}]}'
      })
      assert.deepStrictEqual(lists, {
        whitelist: [{ apiSite: "jquery", sampleRate: 500 }],
        exemptlist: [{ apiSite: "auth.site.test", sampleRate: undefined }],
        jQueryRolloutPerMillion: 500
      })
    })
  )

  it.effect("entries without an apiSite are skipped; a rate out of range or not a number is undefined", () =>
    Effect.gen(function* () {
      const { lists, logs } = yield* read({
        boundAuthTokenWhitelist: JSON.stringify({
          Whitelist: [
            "auth.site.test",
            { sampleRate: "1" },
            { apiSite: " " },
            { apiSite: "a.site.test", sampleRate: "2000000" },
            { apiSite: "b.site.test", sampleRate: "1.5" },
            { apiSite: "jQuery", sampleRate: "lots" }
          ],
          Extra: true
        })
      })
      assert.deepStrictEqual(lists.whitelist, [
        { apiSite: "a.site.test", sampleRate: undefined },
        { apiSite: "b.site.test", sampleRate: undefined },
        { apiSite: "jQuery", sampleRate: undefined }
      ])
      assert.strictEqual(lists.jQueryRolloutPerMillion, 0)
      assert.deepStrictEqual(logs, [])
    })
  )

  const broken: ReadonlyArray<[string, string]> = [
    ["not json at all secret", "not JSON"],
    ['{"Whitelist":{"apiSite":"secret.site.test"}}', "a list that is not an array"],
    ['[{"apiSite":"secret.site.test"}]', "an array without the key"],
    ['{"Other":[{"apiSite":"secret.site.test"}]}', "another key"],
    ['{"Whitelist":[{"apiSite":"secret.site.test"}', "cut short"]
  ]
  for (const [value, what] of broken) {
    it.effect(
      `a malformed whitelist (${what}): no entries, one Warning naming tag and attribute, never the value`,
      () =>
        Effect.gen(function* () {
          const { lists, logs, raw } = yield* read({
            boundAuthTokenWhitelist: value,
            boundAuthTokenExemptlist: '{"Exemptlist":[]}'
          })
          assert.deepStrictEqual(lists, none)
          assert.deepStrictEqual(logs, [malformed("data-bound-auth-token-whitelist", "whitelist")])
          assert.notInclude(raw, "secret")
        })
    )
  }

  it.effect("a malformed exemptlist is reported on its own attribute; the whitelist still applies", () =>
    Effect.gen(function* () {
      const { lists, logs } = yield* read({
        boundAuthTokenWhitelist: '{"Whitelist":[{"apiSite":"jQuery","sampleRate":"10"}]}',
        boundAuthTokenExemptlist: '{"Exemptlist":'
      })
      assert.strictEqual(lists.jQueryRolloutPerMillion, 10)
      assert.deepStrictEqual(logs, [malformed("data-bound-auth-token-exemptlist", "exemptlist")])
    })
  )

  it.effect("no tag, or a tag without the lists: empty lists, nothing logged", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* read(undefined), { lists: none, logs: [], raw: "[]" })
      assert.deepStrictEqual((yield* read({ isBoundAuthTokenEnabled: "true" })).lists, none)
    })
  )
})
