/**
 * The www origin: the pages of the platform. It serves `/emulator-config.json` (what a page needs to reach this
 * emulator), the security frame and the hba lab pages, the challenge page, the worker scripts, and either a
 * directory of pages (the built demo, with index.html for unknown paths) or a landing page listing the services.
 * Every page gets the site's tags when served (./withPageTags.ts).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerRespondable, HttpServerResponse, HttpStaticServer } from "effect/http"
import { challengePageHandler, challengePagePath } from "../challenge/page.ts"
import { analyticsWwwPages } from "../analytics/workerScript.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { hbaWwwPages } from "../hba/routes.ts"
import { skipLog } from "../platform/requestLog.ts"
import { servedServiceNames } from "../services/registry.ts"
import { emulatorConfig } from "../urls.ts"

const landingPage = (origin: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Platform emulator</title></head><body>
<h1>Platform emulator</h1>
<p>Services on <code>${origin}</code>:</p>
<ul>${servedServiceNames.map((s) => `<li><a href="${origin}/${s}/openapi.json">${s}</a></li>`).join("")}</ul>
<p>Admin: <a href="${origin}/admin/requests">request log</a>, <a href="${origin}/admin/faults">faults</a>,
<a href="${origin}/admin/config">config</a>.</p>
</body></html>`

/** The www routes; `staticDir` (optional) is served at the root. */
export const WwwRoutes = (staticDir: string | undefined) =>
  HttpRouter.use((router) =>
    Effect.gen(function* () {
      const state = yield* EmulatorState
      yield* router.add(
        "GET",
        "/emulator-config.json",
        Effect.sync(() => HttpServerResponse.jsonUnsafe(emulatorConfig(state)))
      )
      for (const [path, page] of yield* hbaWwwPages) yield* router.add("GET", path, page)
      yield* router.add("GET", challengePagePath, challengePageHandler(state))
      for (const [path, page] of yield* analyticsWwwPages) yield* router.add("GET", path, page)
      if (staticDir === undefined) {
        yield* router.add(
          "GET",
          "/",
          Effect.sync(() => HttpServerResponse.html(landingPage(state.urls.origin)))
        )
        return
      }
      const files = yield* HttpStaticServer.make({ root: staticDir, spa: true })
      yield* router.add(
        "GET",
        "/*",
        Effect.andThen(skipLog, files).pipe(Effect.catch(HttpServerRespondable.toResponse))
      )
    })
  )
