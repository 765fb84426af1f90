/** A friends service for query tests: every request is recorded and answered only when the test releases it. */
import * as Data from "effect/Data"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import * as Mutation from "../../../src/core/query/Mutation.ts"
import * as Query from "../../../src/core/query/Query.ts"
import type { QueryEvent } from "../../../src/core/query/QueryEvent.ts"

/** The typed error of the service. */
export class UserNotFound extends Schema.TaggedError<UserNotFound>()("UserNotFound", { userId: Schema.Number }) {}

/** The typed error of a write. */
export class FollowRefused extends Data.TaggedError("FollowRefused")<{ readonly userId: number }> {}

/** A request the service received, and how to answer it. */
export interface Pending {
  readonly what: string
  readonly reply: Deferred.Deferred<void>
}

/** The service: friends lists by user id (user 404 does not exist) and a follow write. */
export const makeService = () => {
  const requests: Array<Pending> = []
  const friends = new Map<number, Array<string>>([
    [1, ["ada", "bo"]],
    [2, ["cy"]]
  ])
  const answer = (what: string) =>
    Effect.gen(function* () {
      const reply = yield* Deferred.make<void>()
      requests.push({ what, reply })
      yield* Deferred.await(reply)
    })
  const service = {
    requests,
    friends,
    /** Answer every request received so far. */
    releaseAll: Effect.suspend(() =>
      Effect.forEach([...requests], (r) => Deferred.succeed(r.reply, undefined), { discard: true })
    ),
    what: () => requests.map((r) => r.what),
    getFriends: (userId: number) =>
      Effect.andThen(answer(`GET friends ${userId}`), () =>
        userId === 404 ? Effect.fail(new UserNotFound({ userId })) : Effect.succeed([...(friends.get(userId) ?? [])])
      ),
    follow: (input: { readonly userId: number; readonly name: string }) =>
      Effect.andThen(answer(`POST follow ${input.name}`), () =>
        input.name === "refused"
          ? Effect.fail(new FollowRefused({ userId: input.userId }))
          : Effect.sync(() => void friends.set(input.userId, [...(friends.get(input.userId) ?? []), input.name]))
      )
  }
  const FriendsQuery = Query.make({
    name: "friends",
    run: service.getFriends,
    staleTime: "30 seconds",
    gcTime: "1 minute",
    reactivityKeys: (userId: number) => ({ friends: [userId] }),
    schema: { success: Schema.Array(Schema.String), error: UserNotFound }
  })
  const Follow = Mutation.make({
    name: "follow",
    run: service.follow,
    invalidates: (input) => ({ friends: [input.userId] })
  })
  const OptimisticFollow = Mutation.make({
    name: "follow",
    run: service.follow,
    invalidates: (input) => ({ friends: [input.userId] }),
    optimistic: [
      Mutation.optimistic({
        query: FriendsQuery,
        args: (input: { readonly userId: number; readonly name: string }) => input.userId,
        update: (current, input) => [...(current ?? []), input.name]
      })
    ]
  })
  return { service, FriendsQuery, Follow, OptimisticFollow }
}

/** Record a client's events. */
export const recordEvents = (events: {
  readonly subscribe: (f: (e: QueryEvent | undefined) => void) => () => void
}) => {
  const seen: Array<QueryEvent> = []
  events.subscribe((event) => event !== undefined && seen.push(event))
  return seen
}

/** Let the registry's deferred work (node removal, a macrotask later) run. */
export const macrotask = Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))
