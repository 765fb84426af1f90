/**
 * The page of the redirect test (test/e2e/redirect.test.ts), bundled with esbuild and served from the emulator's
 * www origin: the library as an app composes it (`browserPlatformLayer`, real fetch, real localStorage), driven
 * from the test through `window.redirectProbe`.
 */
import * as Effect from "effect/Effect"
import type { PlatformConfigInput } from "../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { browserPlatformLayer } from "../../src/core/wiring/platformLayer.ts"

/** What the test asks the page to do. */
export interface ProbeInput {
  readonly config: PlatformConfigInput
  readonly method: "GET" | "POST"
  readonly url: string
}

/** How the call ended: the error's tag, status and message, or ok. */
export type ProbeOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly tag: string; readonly status?: number; readonly message: string }

declare global {
  interface Window {
    redirectProbe: (input: ProbeInput) => Promise<ProbeOutcome>
  }
}

window.redirectProbe = ({ config, method, url }) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const call = method === "POST" ? http.post(url, { body: { secret: "body" } }) : http.get(url)
      return yield* call.pipe(
        Effect.as<ProbeOutcome>({ ok: true }),
        Effect.catch((error) =>
          Effect.succeed<ProbeOutcome>({
            ok: false,
            tag: error._tag,
            ...("status" in error ? { status: error.status } : {}),
            message: error.message
          })
        )
      )
    }).pipe(Effect.provide(browserPlatformLayer({ config })))
  )
