/**
 * The demo's paste-a-link box model: parse result and plan of every example link, and nothing is ever followed
 * (no navigation, no event, nothing stored).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { exampleLinks, previewLayer, previewLink } from "../../../examples/demo/src/deeplinks/preview.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { jsonResponse } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"

const www = "https://www.example.com"

const layer = previewLayer.pipe(
  Layer.provideMerge(
    testPlatformLayer((request) => {
      if (new URL(request.url).pathname.endsWith("/v1/games"))
        return jsonResponse({ data: [{ id: 1, rootPlaceId: 10, name: "G" }] })
      const { linkId } = JSON.parse(request.body!)
      return linkId === "server-valid"
        ? jsonResponse({ privateServerInviteData: { status: "VALID", universeId: 1, linkCode: "LC" } })
        : jsonResponse({ errors: [{ code: 1 }] }, { status: 404 })
    })
  )
)

describe("demo: paste-a-link preview", () => {
  it.effect("a game-details link: parse result, kind and the navigation it would make", () =>
    Effect.gen(function* () {
      const preview = yield* previewLink("roblox://navigation/game_details?gameId=1")
      assert.isTrue(preview.parsed.ok)
      if (preview.parsed.ok) assert.deepStrictEqual(preview.parsed.link.pathSegments, ["navigation", "game_details"])
      assert.deepStrictEqual(preview.target, { kind: "game_details", universeId: 1 })
      assert.deepStrictEqual(preview.steps, [`go to ${www}/games/10`])
      assert.isUndefined(preview.failure)
    }).pipe(Effect.provide(layer))
  )

  it.effect("a wrapped share link is unwrapped and resolved", () =>
    Effect.gen(function* () {
      const link = exampleLinks(www).find((e) => e.label === "wrapped twice in a redirector")!.link
      const preview = yield* previewLink(link)
      assert.deepStrictEqual(preview.steps, [
        "send analytics event DeeplinkParserShareLinkResolved",
        `go to ${www}/games/10?privateServerLinkCode=LC`
      ])
    }).pipe(Effect.provide(layer))
  )

  it.effect("refusals show the reason and the event that would be logged", () =>
    Effect.gen(function* () {
      const js = yield* previewLink("javascript:alert(1)")
      assert.deepStrictEqual(js.parsed, { ok: false, message: "Deep link refused: UnsupportedScheme (javascript)" })
      assert.deepStrictEqual(js.failure, {
        message: "Deep link refused: UnsupportedScheme (javascript)",
        event: "DeeplinkParserNavigationFailed"
      })
      const noCode = yield* previewLink(`${www}/share?type=ExperienceDetails`)
      assert.deepStrictEqual(noCode.failure, {
        message: "Share link ExperienceDetails not followed: MissingCode",
        event: undefined
      })
    }).pipe(Effect.provide(layer))
  )

  it.effect("every example previews without navigating, tracking or storing anything", () =>
    Effect.gen(function* () {
      for (const { link } of exampleLinks(www)) yield* previewLink(link)
      assert.deepStrictEqual(yield* (yield* MemoryNavigation).visits, [])
      assert.deepStrictEqual((yield* (yield* MemoryTelemetry).recorded).events, [])
      assert.strictEqual((yield* (yield* MemoryKeyValueStore).entries).size, 0)
    }).pipe(Effect.provide(layer))
  )
})
