// @vitest-environment happy-dom
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type MetaDocument, metaOutsideHeadWarning, PageMetadata } from "../../../src/core/browser/PageMetadata.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"

/** A parsed page: the HTML parser places each tag in <head> or <body> exactly as a browser does. */
const page = (head: string, body: string): MetaDocument =>
  new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, "text/html")

/** Look `name` up in `doc` (from `from`) and return the data and the log lines. */
const lookup = (doc: MetaDocument | undefined, name: string, from?: "head" | "document") =>
  Effect.gen(function* () {
    const data = yield* (yield* PageMetadata).get(name, from === undefined ? undefined : { from })
    const logs = (yield* (yield* MemoryLogger).entries).map((l) => [l.level, l.text] as const)
    return { data, logs }
  }).pipe(
    Effect.provide(
      Layer.merge(
        PageMetadata.fromDocument(() => doc),
        MemoryLogger.layer()
      )
    )
  )

const env = `<meta name="environment-meta" data-domain="site.test">`
const evil = `<meta name="environment-meta" data-domain="evil.test">`

describe("PageMetadata: <head> only unless asked otherwise", () => {
  it.effect("a tag in <head> is read, silently", () =>
    Effect.gen(function* () {
      const { data, logs } = yield* lookup(page(env, "<p>hi</p>"), "environment-meta")
      assert.deepStrictEqual(data, { domain: "site.test" })
      assert.deepStrictEqual(logs, [])
    })
  )

  it.effect("a tag only in <body> (user content) is ignored with a Warning naming the tag, never its values", () =>
    Effect.gen(function* () {
      const { data, logs } = yield* lookup(page("", `<div class="bio">${evil}</div>`), "environment-meta")
      assert.isUndefined(data)
      assert.deepStrictEqual(logs, [["Warn", metaOutsideHeadWarning("environment-meta")]])
      assert.strictEqual(
        logs[0]![1],
        'Page metadata <meta name="environment-meta"> outside <head> ignored: only the server-rendered <head> may set it'
      )
      assert.notInclude(logs[0]![1], "evil")
    })
  )

  it.effect("a tag in both: the <head> one wins and the <body> copy is still reported", () =>
    Effect.gen(function* () {
      const { data, logs } = yield* lookup(page(env, evil), "environment-meta")
      assert.deepStrictEqual(data, { domain: "site.test" })
      assert.deepStrictEqual(logs, [["Warn", metaOutsideHeadWarning("environment-meta")]])
    })
  )

  it.effect('{ from: "document" } reads a <body> tag (the page\'s CSRF token) without a Warning', () =>
    Effect.gen(function* () {
      const { data, logs } = yield* lookup(
        page("", `<meta name="csrf-token" data-token="abc123">`),
        "csrf-token",
        "document"
      )
      assert.deepStrictEqual(data, { token: "abc123" })
      assert.deepStrictEqual(logs, [])
    })
  )

  it.effect('{ from: "document" } takes the <head> tag first when there are both', () =>
    Effect.gen(function* () {
      const { data } = yield* lookup(page(env, evil), "environment-meta", "document")
      assert.deepStrictEqual(data, { domain: "site.test" })
    })
  )

  it.effect('{ from: "head" } is the default', () =>
    Effect.gen(function* () {
      const { data } = yield* lookup(page("", evil), "environment-meta", "head")
      assert.isUndefined(data)
    })
  )

  it.effect("a document without a <head> has no head tags: every tag found is outside it", () =>
    Effect.gen(function* () {
      const doc = page(env, "")
      const headless: MetaDocument = { querySelectorAll: (s) => doc.querySelectorAll(s), head: null }
      const { data, logs } = yield* lookup(headless, "environment-meta")
      assert.isUndefined(data)
      assert.deepStrictEqual(logs, [["Warn", metaOutsideHeadWarning("environment-meta")]])
      assert.deepStrictEqual((yield* lookup(headless, "environment-meta", "document")).data, { domain: "site.test" })
    })
  )

  it.effect("no document: every tag is absent, nothing logged", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* lookup(undefined, "environment-meta"), { data: undefined, logs: [] })
    })
  )

  it.effect("PageMetadata.browser reads the global document by the same rule", () =>
    Effect.gen(function* () {
      document.head.innerHTML = `<meta name="user-data" data-userid="7">`
      document.body.innerHTML = `<meta name="user-data" data-userid="666"><meta name="csrf-token" data-token="t0k">`
      const metadata = yield* PageMetadata
      assert.deepStrictEqual(yield* metadata.get("user-data"), { userid: "7" })
      assert.deepStrictEqual(yield* metadata.get("csrf-token", { from: "document" }), { token: "t0k" })
      assert.isUndefined(yield* metadata.get("csrf-token"))
    }).pipe(Effect.provide(PageMetadata.browser))
  )
})
