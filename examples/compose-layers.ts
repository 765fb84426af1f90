/**
 * Example: compose the library's layers in an app and call a platform service.
 *
 * The app's layer is PlatformHttp over the site's configuration and the page's capabilities. In a browser page
 * that is `browserPlatformLayer()`; here, in Node, the app brings its own capabilities (in-memory storage and
 * telemetry from `platform-web-client/testing`) and composes the pipeline over them with `platformLayer()` (which
 * would also take a signer and a challenge flow: `platformLayer({ signer: Signing.auto, challenges: Challenges.layer })`),
 * against the local emulator.
 *
 * Run it: `npx tsx examples/compose-layers.ts` (starts the emulator, prints the first friends, stops).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { fileURLToPath } from "node:url"
import { PlatformConfig, PlatformHttp, platformLayer, required, type ServiceBaseUrls } from "platform-web-client"
import { MemoryKeyValueStore, MemoryTelemetry } from "platform-web-client/testing"
import { startEmulator } from "platform-web-client/emulator"

/** The friends page as the app needs it: ids and names, nothing else. */
const FriendsPage = Schema.Struct({
  data: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String, displayName: Schema.String }))
})

/** The app's one layer: configuration, capabilities, and PlatformHttp over them. */
export const appLayer = (baseUrls: ServiceBaseUrls) =>
  platformLayer().pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        PlatformConfig.layer({ baseUrls, user: { id: 1, name: "EmuPlayer", authenticated: true } }),
        MemoryKeyValueStore.layer(),
        MemoryTelemetry.layer()
      )
    )
  )

/** A feature of the app: the signed-in user's first friends, as "Display Name (@name)" lines. */
export const firstFriends = (count: number) =>
  Effect.gen(function* () {
    const { user } = yield* PlatformConfig
    const { userId } = yield* required("firstFriends", { userId: user.id })
    const http = yield* PlatformHttp
    const page = yield* http.get(
      { service: "friends", path: `/v1/users/${userId}/friends` },
      {
        params: { limit: count },
        schema: FriendsPage,
        operation: "getFriends"
      }
    )
    return page.data.slice(0, count).map((friend) => `${friend.displayName} (@${friend.name})`)
  })

/** Run the example against an emulator at `baseUrls`. */
export const run = (baseUrls: ServiceBaseUrls) =>
  Effect.runPromise(firstFriends(3).pipe(Effect.provide(appLayer(baseUrls))))

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const emulator = await startEmulator()
  try {
    console.log((await run(emulator.baseUrls)).join("\n"))
  } finally {
    await emulator.close()
  }
}
