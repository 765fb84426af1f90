/**
 * The route serving generated pictures: `GET /cdn/thumbs/{kind}/{id}/{size}.svg[?circular=1]` with kind
 * `game-icon`, `avatar-headshot` or `placeholder`. Unknown ids get the placeholder.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { EmulatorState } from "../EmulatorState.ts"
import type { World } from "../world/World.ts"
import { avatarHeadshotSvg, gameIconSvg, placeholderSvg } from "./svg.ts"

const svg = (body: string) =>
  HttpServerResponse.text(body, {
    contentType: "image/svg+xml",
    headers: { "cache-control": "public, max-age=3600", "access-control-allow-origin": "*" }
  })

/** The image route, as a router layer. */
export const ImageRoutes = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const { world } = yield* EmulatorState
    yield* router.add("GET", "/cdn/thumbs/:kind/:id/:file", serveImage(world))
  })
)

const serveImage = (world: World) =>
  Effect.gen(function* () {
    const params = yield* HttpRouter.params
    const request = yield* HttpServerRequest.HttpServerRequest
    const circular = new URL(request.url, "http://emulator").searchParams.get("circular") === "1"
    const size = (params.file ?? "").replace(/\.svg$/, "")
    const id = Number(params.id)
    if (params.kind === "game-icon") {
      const universe = world.universes.get(id)
      if (universe !== undefined && universe.iconState === "Completed")
        return svg(gameIconSvg(universe, size, circular))
    }
    if (params.kind === "avatar-headshot") {
      const user = world.users.get(id)
      if (user !== undefined && !user.isBanned) return svg(avatarHeadshotSvg(user, size, circular))
    }
    return svg(placeholderSvg(size, circular))
  })
