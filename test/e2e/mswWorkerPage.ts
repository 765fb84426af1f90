/**
 * The page of mswWorker.test.ts: the platform's msw handlers in msw's service worker (`setupWorker`), and the
 * library's typed clients over the browser platform layer calling the services' origin the handlers answer.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { setupWorker } from "msw/browser"
import { platformClientsLayer, UsersClient } from "../../src/clients.ts"
import { browserPlatformLayer } from "../../src/index.ts"
import { platformHandlers } from "../../src/testing/msw.ts"

/** What the page reports: the client's answer, the seeded user it should be, the handlers' request log. */
export interface MswWorkerOutcome {
  readonly me: { readonly id: number; readonly name: string; readonly displayName: string }
  readonly seeded: { readonly id: number; readonly name: string; readonly displayName: string }
  readonly logged: ReadonlyArray<readonly [method: string, url: string, status: number | null]>
  readonly csrfVerdicts: ReadonlyArray<ReadonlyArray<string>>
  readonly found: ReadonlyArray<number>
}

declare global {
  interface Window {
    mswWorkerCall: () => Promise<MswWorkerOutcome>
  }
}

window.mswWorkerCall = async () => {
  const platform = platformHandlers({ seed: 7 })
  const worker = setupWorker(...platform.handlers)
  await worker.start({ quiet: true, onUnhandledFrame: "error" })
  const clients = platformClientsLayer.pipe(
    Layer.provideMerge(
      browserPlatformLayer({
        config: { baseUrls: platform.baseUrls, user: { id: 1, name: "EmuPlayer", authenticated: true } }
      })
    )
  )
  const [me, found] = await Effect.runPromise(
    Effect.gen(function* () {
      const users = (yield* UsersClient).users
      return [yield* users.getAuthenticatedUser(), yield* users.lookupUsers({ payload: { userIds: [1, 2] } })] as const
    }).pipe(Effect.provide(clients))
  )
  const seeded = platform.state.world.users.get(1)!
  const entries = platform.state.log.since(0).entries
  worker.stop()
  await platform.dispose()
  return {
    me,
    seeded: { id: seeded.id, name: seeded.name, displayName: seeded.displayName },
    logged: entries.map((e) => [e.method, new URL(e.url, "http://platform.test").href, e.status] as const),
    csrfVerdicts: entries.map((e) => e.verdicts.filter((v) => v.startsWith("csrf"))),
    found: found.data.map((u) => u.id)
  }
}
