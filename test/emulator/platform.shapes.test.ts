/**
 * The emulator answers in the real services' shapes and reads the spellings the real services read, over real
 * HTTP: presence with `lastOnline` and self-only invisible mode, per-type share-link statuses and a UUID private
 * server id, the v2 resolve on the deep-links service's own prefix, error bodies in the other real shapes (codes
 * under `.data`, plain text) read by the library into ResponseErrors, and query and body values in any case or as
 * codes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { codesUnderDataBody, codesUnderDataCode } from "../../src/emulator/services/shareLinks.ts"
import { plainTextErrorCode } from "../../src/emulator/services/deepLinks.ts"
import { inInvisibleMode } from "../../src/emulator/services/presence.ts"
import { seededPrivateServerId } from "../../src/emulator/services/shareLinksSeed.ts"
import { DeepLinksClient, ShareLinksClient } from "../../src/platform/clients/PlatformClients.ts"
import { emulatorClients } from "./platformSupport.ts"
import { call, postWithCsrf, useEmulator } from "./support.ts"

describe("the emulator's answer shapes", () => {
  const emulator = useEmulator()
  const url = (service: keyof ReturnType<typeof emulator>["baseUrls"], path: string) =>
    `${emulator().baseUrls[service]}${path}`

  it("presence: codes, lastOnline, and invisible mode seen as Invisible by the user only, Offline by others", async () => {
    const world = emulator().state.world
    const invisible = [...world.presence.values()].find(inInvisibleMode)
    assert.isDefined(invisible, "the seeded world has a user in invisible mode")
    const lookup = url("presence", "/v1/presence/users")
    const asOther = await postWithCsrf(lookup, { userIds: [1, invisible!.userId] }, { cookie: "emu_session=u1" })
    assert.strictEqual(asOther.status, 200)
    const [me, them] = asOther.body.userPresences
    assert.strictEqual(me.userPresenceType, 1)
    assert.strictEqual(me.lastOnline, world.presence.get(1)!.lastOnline)
    assert.deepStrictEqual(
      [them.userPresenceType, them.lastLocation, "invisibleModeExpiry" in them],
      [0, "Offline", false]
    )
    const asSelf = await postWithCsrf(
      lookup,
      { userIds: [invisible!.userId] },
      { cookie: `emu_session=u${invisible!.userId}` }
    )
    const [self] = asSelf.body.userPresences
    assert.strictEqual(self.userPresenceType, 4)
    assert.strictEqual(Date.parse(self.invisibleModeExpiry) - Date.parse(invisible!.lastOnline), 24 * 60 * 60 * 1000)
  })

  it("share links: per-type statuses, a UUID private server id, types read in any case; v2 under /deepLinks", async () => {
    const resolve = url("shareLinks", "/v1/resolve-link")
    const server = await postWithCsrf(resolve, { linkId: "server-valid", linkType: "server" })
    assert.strictEqual(server.status, 200)
    assert.strictEqual(server.body.privateServerInviteData.privateServerId, seededPrivateServerId)
    const revoked = await postWithCsrf(resolve, {
      linkId: "experience-invite-status-revoked",
      linkType: "EXPERIENCEINVITE"
    })
    assert.strictEqual(revoked.body.experienceInviteData.status, "Revoked")
    assert.strictEqual(url("deepLinks", ""), `${emulator().origin}/deepLinks`)
    const v2 = await postWithCsrf(url("deepLinks", "/v2/resolve"), { linkId: "v2-experience-link-status" })
    assert.strictEqual(v2.status, 200)
    assert.strictEqual(v2.body.status, "Valid")
    const old = await postWithCsrf(url("shareLinks", "/v2/resolve"), { linkId: "v2-experience-valid" })
    assert.strictEqual(old.status, 404)
  })

  it("error routes: codes under .data (429) and a plain-text 503", async () => {
    const underData = await postWithCsrf(url("shareLinks", "/v1/resolve-link"), {
      linkId: codesUnderDataCode,
      linkType: "Profile"
    })
    assert.deepStrictEqual([underData.status, underData.body], [429, codesUnderDataBody])
    const plain = await postWithCsrf(url("deepLinks", "/v2/resolve"), { linkId: plainTextErrorCode })
    assert.deepStrictEqual(
      [plain.status, plain.headers["content-type"]?.startsWith("text/plain"), plain.body],
      [503, true, "Service Unavailable"]
    )
  })

  it.live("the library reads both error routes into ResponseErrors: codes and the server's text", () =>
    Effect.gen(function* () {
      const underData = yield* Effect.flip(
        (yield* ShareLinksClient).shareLinks.resolveLink({
          payload: { linkId: codesUnderDataCode, linkType: "Profile" }
        })
      )
      const plain = yield* Effect.flip(
        (yield* DeepLinksClient).deepLinks.resolveLinkV2({ payload: { linkId: plainTextErrorCode } })
      )
      if (underData._tag !== "ResponseError" || plain._tag !== "ResponseError")
        return assert.fail(`${underData._tag} ${plain._tag}`)
      assert.deepStrictEqual(
        [underData.status, underData.codes, underData.serverMessage],
        [429, [11], "Too many share links resolved. Try again later."]
      )
      assert.strictEqual(
        underData.message,
        `Response from ${url("shareLinks", "/v1/resolve-link")} returned an error code 429`
      )
      assert.deepStrictEqual([plain.status, plain.codes, plain.serverMessage], [503, [], "Service Unavailable"])
    }).pipe(Effect.provide(emulatorClients(emulator())))
  )

  it("query values in any case or as codes, as the real services read them; others refused with 400", async () => {
    const icons = (query: string) => call(url("thumbnails", `/v1/games/icons?universeIds=1001&${query}`))
    for (const query of ["format=png", "format=PNG", "size=150X150&format=webp", "returnPolicy=placeholder"]) {
      const answer = await icons(query)
      assert.strictEqual(answer.status, 200, query)
      assert.strictEqual(answer.body.data.length, 1, query)
    }
    assert.strictEqual((await icons("format=gif")).status, 400)
    const groupGames = (query: string) => call(url("games", `/v2/groups/1/games?${query}`))
    for (const query of ["accessFilter=All", "accessFilter=public", "accessFilter=4", "sortOrder=desc&limit=25"]) {
      assert.notStrictEqual((await groupGames(query)).status, 400, query)
    }
    assert.strictEqual((await groupGames("accessFilter=3")).status, 400)
  })

  it("a thumbnail batch: types in any case or as codes, formats in any case, items without requestId answered with null", async () => {
    const answer = await postWithCsrf(url("thumbnails", "/v1/batch"), [
      { type: "avatarheadshot", targetId: 1, size: "150x150", format: "png" },
      { type: 3, targetId: 1001, requestId: "1001:GameIcon" }
    ])
    assert.strictEqual(answer.status, 200)
    assert.deepStrictEqual(
      answer.body.data.map((d: { requestId: unknown; state: string }) => [d.requestId, d.state]),
      [
        [null, "Completed"],
        ["1001:GameIcon", "Completed"]
      ]
    )
  })
})
