/**
 * Soak parts of the query layer: a query client asked for a new key at every step (a list page, a profile), with and
 * without a schema; each result goes idle after its fetch and stays cached for the query's idle time-to-live.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Query, QueryClient } from "../../../src/query.ts"
import type { SoakPart } from "../harness.ts"

const User = Schema.Struct({ id: Schema.Number, name: Schema.String, displayName: Schema.String })

const part = (name: string, schema: boolean): SoakPart => ({
  name,
  operation: "fetch of a new key",
  perStep: 1,
  setup: Effect.gen(function* () {
    const client = yield* QueryClient.makeEffect()
    const query = Query.make({
      name: schema ? "soak-user-schema" : "soak-user",
      run: (id: number) => Effect.succeed({ id, name: `user${id}`, displayName: `User ${id}` }),
      schema: schema ? { success: User } : undefined
    })
    return (i) => Effect.asVoid(client.fetchQuery(query, i))
  })
})

export const queryPlain = part("query, no schema", false)
export const querySchema = part("query, schema", true)
