import { assert, describe, it } from "@effect/vitest"
import { call, postWithCsrf, range, useEmulator, verdictsOf } from "./support.ts"

describe("emulator over HTTP: limits and error bodies", () => {
  const emulator = useEmulator()
  const url = (service: "users" | "presence" | "games" | "thumbnails", path: string) =>
    `${emulator().baseUrls[service]}${path}`

  const cases: ReadonlyArray<{
    readonly name: string
    readonly send: (ids: ReadonlyArray<number>) => ReturnType<typeof call>
    readonly tooMany: { readonly code: number; readonly message: string }
  }> = [
    {
      name: "POST /users/v1/users",
      send: (ids) => postWithCsrf(url("users", "/v1/users"), { userIds: ids }),
      tooMany: { code: 1, message: "Too many ids." }
    },
    {
      name: "POST /presence/v1/presence/users",
      send: (ids) => postWithCsrf(url("presence", "/v1/presence/users"), { userIds: ids }),
      tooMany: { code: 1, message: "Too many user ids." }
    },
    {
      name: "GET /games/v1/games",
      send: (ids) => call(url("games", `/v1/games?universeIds=${ids.map((i) => i + 1000).join(",")}`)),
      tooMany: { code: 9, message: "Too many universe IDs were requested." }
    },
    {
      name: "GET /thumbnails/v1/games/icons",
      send: (ids) => call(url("thumbnails", `/v1/games/icons?universeIds=${ids.join(",")}`)),
      tooMany: { code: 1, message: "There are too many requested Ids." }
    },
    {
      name: "GET /thumbnails/v1/users/avatar-headshot",
      send: (ids) => call(url("thumbnails", `/v1/users/avatar-headshot?userIds=${ids.join(",")}`)),
      tooMany: { code: 1, message: "There are too many requested Ids." }
    }
  ]

  for (const c of cases) {
    it(`${c.name}: 100 ids are fine, 101 are answered 400 with the platform's error body`, async () => {
      assert.strictEqual((await c.send(range(100))).status, 200)
      const over = await c.send(range(101))
      assert.strictEqual(over.status, 400)
      assert.deepStrictEqual(over.body, { errors: [c.tooMany] })
      const last = emulator().state.log.since(0).entries.at(-1)!
      assert.strictEqual(last.ids, 101)
      assert.include(last.verdicts, "too many ids (101 > 100)")
    })
  }

  it("answers lookups in request order, without duplicates or unknown ids", async () => {
    const users = await postWithCsrf(url("users", "/v1/users"), { userIds: [3, 1, 3, 99999] })
    assert.deepStrictEqual(
      users.body.data.map((u: { id: number }) => u.id),
      [3, 1]
    )
    const games = await call(url("games", "/v1/games?universeIds=1002,1001,5"))
    assert.deepStrictEqual(
      games.body.data.map((g: { id: number }) => g.id),
      [1002, 1001]
    )
  })

  it("leaves banned users out of lookups when asked", async () => {
    const world = emulator().state.world
    const banned = [...world.users.values()].find((u) => u.isBanned)!
    const all = await postWithCsrf(url("users", "/v1/users"), { userIds: [banned.id, 1] })
    const excluded = await postWithCsrf(url("users", "/v1/users"), {
      userIds: [banned.id, 1],
      excludeBannedUsers: true
    })
    assert.deepStrictEqual(
      all.body.data.map((u: { id: number }) => u.id),
      [banned.id, 1]
    )
    assert.deepStrictEqual(
      excluded.body.data.map((u: { id: number }) => u.id),
      [1]
    )
  })

  it("answers an empty id list with the documented codes", async () => {
    assert.deepStrictEqual((await call(url("games", "/v1/games?universeIds="))).body, {
      errors: [{ code: 8, message: "No universe IDs were specified." }]
    })
    assert.deepStrictEqual((await call(url("thumbnails", "/v1/games/icons?universeIds="))).body, {
      errors: [{ code: 4, message: "The requested Ids are invalid, of an invalid type or missing." }]
    })
  })

  it("answers unknown paths 404 and malformed parameters 400, both with the platform's error body", async () => {
    const missing = await call(`${emulator().origin}/games/v1/nothing-here`)
    assert.strictEqual(missing.status, 404)
    assert.deepStrictEqual(missing.body, { errors: [{ code: 0, message: "NotFound" }] })
    const bad = await call(url("thumbnails", "/v1/games/icons?universeIds=1,x"))
    assert.strictEqual(bad.status, 400)
    assert.strictEqual(bad.body.errors[0].code, 0)
    assert.match(bad.body.errors[0].message, /^Invalid query: /)
    const verdicts = emulator()
      .state.log.since(0)
      .entries.map((e) => [...verdictsOf("no such")(e), ...verdictsOf("invalid")(e)])
    assert.deepStrictEqual(verdicts, [["no such endpoint"], ["invalid query"]])
  })
})

describe("emulator over HTTP: cursors and paging", () => {
  const emulator = useEmulator()
  const friends = (list: string, query: string) => call(`${emulator().baseUrls.friends}/v1/users/1/${list}?${query}`)

  it("walks every follower exactly once with next cursors, and back with previous cursors", async () => {
    const expected = emulator().state.world.followers.get(1)!
    const pages: Array<ReadonlyArray<number>> = []
    const cursors: Array<string | null> = []
    let cursor: string | null = null
    do {
      const page: Awaited<ReturnType<typeof call>> = await friends(
        "followers",
        `limit=10${cursor === null ? "" : `&cursor=${cursor}`}`
      )
      assert.strictEqual(page.status, 200)
      pages.push(page.body.data.map((u: { id: number }) => u.id))
      cursors.push(page.body.previousPageCursor)
      cursor = page.body.nextPageCursor
    } while (cursor !== null)
    assert.deepStrictEqual(
      pages.map((p) => p.length),
      [10, 10, 10, 10, 10, 7]
    )
    assert.deepStrictEqual(pages.flat(), [...expected])
    assert.strictEqual(cursors[0], null)
    const back = await friends("followers", `limit=10&cursor=${cursors[5]}`)
    assert.deepStrictEqual(
      back.body.data.map((u: { id: number }) => u.id),
      pages[4]
    )
  })

  it("sends the whole friends list (`{ data }`, no cursors), sorted as asked, and pages it in PascalCase at /friends/find", async () => {
    const world = emulator().state.world
    const all = await friends("friends", "userSort=0")
    const names = all.body.data.map((u: { name: string }) => u.name.toLowerCase())
    assert.strictEqual(names.length, world.friends.get(1)!.length)
    assert.deepStrictEqual(names, [...names].sort())
    assert.deepStrictEqual(Object.keys(all.body), ["data"])
    const ids: Array<number> = []
    let cursor: string | null = null
    do {
      const page: Awaited<ReturnType<typeof call>> = await friends(
        "friends/find",
        `userSort=0&limit=10${cursor === null ? "" : `&cursor=${cursor}`}`
      )
      assert.deepStrictEqual(Object.keys(page.body).sort(), ["HasMore", "NextCursor", "PageItems", "PreviousCursor"])
      assert.strictEqual(page.body.HasMore, page.body.NextCursor !== null)
      ids.push(...page.body.PageItems.map((f: { id: number }) => f.id))
      cursor = page.body.NextCursor
    } while (cursor !== null)
    assert.deepStrictEqual(
      ids,
      all.body.data.map((u: { id: number }) => u.id)
    )
  })

  it("puts friends in games first with StatusAlphabetical", async () => {
    const page = await friends("friends", "userSort=1")
    const ranks = page.body.data.map((u: { presenceType: number }) => ({ 2: 0, 3: 1, 1: 2, 0: 3 })[u.presenceType])
    assert.deepStrictEqual(
      ranks,
      [...ranks].sort((a: number, b: number) => a - b)
    )
  })

  it("rejects a cursor of another list, a bad limit and an unknown user with the documented codes", async () => {
    const followers = await friends("followers", "limit=10")
    const foreign = await friends("followings", `limit=10&cursor=${followers.body.nextPageCursor}`)
    assert.deepStrictEqual(foreign.body, { errors: [{ code: 6, message: "Invalid parameters." }] })
    assert.deepStrictEqual((await friends("friends/find", "limit=101")).body, {
      errors: [{ code: 6, message: "Invalid parameters." }]
    })
    const unknown = await call(`${emulator().baseUrls.friends}/v1/users/99999/friends`)
    assert.deepStrictEqual(unknown.body, {
      errors: [{ code: 1, message: "The target user is invalid or does not exist." }]
    })
  })

  it("pages the game list by rows, with a keyword filter", async () => {
    const list = (query: string) => call(`${emulator().baseUrls.games}/v1/games/list?${query}`)
    const first = await list("model.maxRows=30")
    const second = await list("model.maxRows=30&model.startRows=30")
    const third = await list("model.maxRows=30&model.startRows=60")
    assert.deepStrictEqual(
      [first, second, third].map((p) => [p.body.games.length, p.body.hasMoreRows]),
      [
        [30, true],
        [30, true],
        [12, false]
      ]
    )
    const ids = [first, second, third].flatMap((p) => p.body.games.map((g: { universeId: number }) => g.universeId))
    assert.strictEqual(new Set(ids).size, 72)
    const players = first.body.games.map((g: { playerCount: number }) => g.playerCount)
    assert.deepStrictEqual(
      players,
      [...players].sort((a: number, b: number) => b - a)
    )
    const keyword = await list("model.keyword=OBBY&model.maxRows=100")
    assert.isTrue(keyword.body.games.length > 0)
    for (const game of keyword.body.games) assert.include(game.name.toLowerCase(), "obby")
    assert.deepStrictEqual((await list("model.maxRows=101")).body, {
      errors: [{ code: 4, message: "Invalid paging parameters." }]
    })
  })
})
