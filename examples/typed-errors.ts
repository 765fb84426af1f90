/**
 * Example: call an API and handle its failures by type, never by message text.
 *
 * Three calls, three typed outcomes: a lookup of more than 100 ids (the service answers 400 with error code 1:
 * a `ResponseError` with `status` and `code`), a call without its required id (a `RequiredError` before anything is
 * sent), and a call to a service the emulator is told to fail with 503 (a `ResponseError` with status 503, also
 * published to the 503 subscribers of PlatformHttp).
 *
 * Run it: `npx tsx examples/typed-errors.ts`.
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { fileURLToPath } from "node:url"
import { PlatformHttp, required, type ServiceBaseUrls } from "platform-web-client"
import { appLayer } from "./compose-layers.ts"
import { adminHeaders, startEmulator } from "platform-web-client/emulator"

const Users = Schema.Struct({ data: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String })) })

/** Look users up; every failure becomes a sentence for the page, chosen by the error's tag and fields. */
const lookUp = (label: string, userIds: ReadonlyArray<number> | undefined) =>
  Effect.gen(function* () {
    const valid = yield* required("lookUpUsers", { userIds })
    const http = yield* PlatformHttp
    const users = yield* http.post(
      { service: "users", path: "/v1/users" },
      { body: { userIds: valid.userIds }, schema: Users }
    )
    return `${label}: found ${users.data.length} users`
  }).pipe(
    Effect.catchTags({
      RequiredError: (e) => Effect.succeed(`${label}: not sent, ${e.message}`),
      ResponseError: (e) =>
        Effect.succeed(
          e.status === 400 ? `${label}: refused (400, error code ${e.code})` : `${label}: service answered ${e.status}`
        ),
      FetchError: () => Effect.succeed(`${label}: the service could not be reached`),
      ResponseDecodeError: (e) => Effect.succeed(`${label}: unreadable answer from ${e.operation}`)
    })
  )

/** Run the example against an emulator; `failUsers` makes the emulator answer the users service with 503. */
export const run = async (baseUrls: ServiceBaseUrls, failUsers: () => Promise<void>) => {
  const lines = await Effect.runPromise(
    Effect.all([
      lookUp("two ids", [1, 2]),
      lookUp(
        "101 ids",
        Array.from({ length: 101 }, (_, i) => i + 1)
      ),
      lookUp("no ids", undefined)
    ]).pipe(Effect.provide(appLayer(baseUrls)))
  )
  await failUsers()
  const unavailable = await Effect.runPromise(lookUp("during an outage", [1]).pipe(Effect.provide(appLayer(baseUrls))))
  return [...lines, unavailable]
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const emulator = await startEmulator()
  try {
    const failUsers = async () => {
      await fetch(`${emulator.adminUrl}/faults`, {
        method: "POST",
        headers: { "content-type": "application/json", ...adminHeaders },
        body: JSON.stringify({ kind: "status", status: 503, path: "/users/*" })
      })
    }
    console.log((await run(emulator.baseUrls, failUsers)).join("\n"))
  } finally {
    await emulator.close()
  }
}
