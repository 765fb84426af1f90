/**
 * `GET /openapi.json` on the services' origin: the OpenAPI document of every service the library defines, each
 * under `/{service}` as the emulator serves them, generated from the same definitions (src/platform/openapi.ts).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerResponse } from "effect/http"
import { platformOpenApi } from "../../platform/openapi.ts"

/** The route, as a router layer. The document is built once, on first use. */
export const OpenApiRoutes = HttpRouter.use((router) =>
  Effect.gen(function* () {
    let document: unknown
    yield* router.add(
      "GET",
      "/openapi.json",
      Effect.sync(() =>
        HttpServerResponse.jsonUnsafe((document ??= platformOpenApi()), {
          headers: { "access-control-allow-origin": "*" }
        })
      )
    )
  })
)
