import { assert, describe, it } from "@effect/vitest"
import { makeRandom } from "../../src/emulator/world/random.ts"
import { defaultSeed, makeWorld, worldSizes } from "../../src/emulator/world/seed.ts"
import type { World } from "../../src/emulator/world/World.ts"

/** A plain-JSON view of a world, to compare two worlds in full. */
const snapshot = (world: World) =>
  JSON.stringify(world, (_key, value) => (value instanceof Map ? [...value.entries()] : value))

describe("seeded world", () => {
  const world = makeWorld()

  it("is the same on every build with the same seed, and differs with another seed", () => {
    assert.strictEqual(snapshot(makeWorld(defaultSeed)), snapshot(world))
    assert.notStrictEqual(snapshot(makeWorld(defaultSeed + 1)), snapshot(world))
  })

  it("has the documented sizes", () => {
    assert.strictEqual(world.users.size, worldSizes.users)
    assert.strictEqual(world.universes.size, worldSizes.universes)
    assert.strictEqual(world.universeList.length, worldSizes.universes)
    assert.strictEqual(world.catalogItems.size, worldSizes.catalogItems)
    assert.strictEqual(world.bundles.size, worldSizes.bundles)
    assert.strictEqual(world.localizationTables.length, worldSizes.localizedUniverses)
    assert.strictEqual(world.locales.length, 10)
    assert.deepStrictEqual(world.locales[0], { code: "en_us", language: "en", name: "English", nativeName: "English" })
  })

  it("signs in user 1, EmuPlayer, with the documented numbers of friends, followers and followings", () => {
    assert.strictEqual(world.defaultUserId, 1)
    assert.deepStrictEqual(
      { name: world.users.get(1)!.name, displayName: world.users.get(1)!.displayName },
      { name: "EmuPlayer", displayName: "Emu" }
    )
    assert.strictEqual(world.friends.get(1)!.length, worldSizes.defaultUserFriends)
    assert.strictEqual(world.followers.get(1)!.length, worldSizes.defaultUserFollowers)
    assert.strictEqual(world.followings.get(1)!.length, worldSizes.defaultUserFollowings)
  })

  it("keeps friendship symmetric and lists sorted, without self-links", () => {
    for (const [id, friends] of world.friends) {
      assert.deepStrictEqual(
        [...friends],
        [...friends].sort((a, b) => a - b)
      )
      for (const friend of friends) {
        assert.notStrictEqual(friend, id)
        assert.include(world.friends.get(friend)!, id)
      }
    }
    for (const [id, followers] of world.followers) {
      for (const follower of followers) assert.include(world.followings.get(follower)!, id)
    }
  })

  it("gives every user a presence whose game, when in one, exists", () => {
    assert.strictEqual(world.presence.size, world.users.size)
    for (const presence of world.presence.values()) {
      const inPlace = presence.type === "InGame" || presence.type === "InStudio"
      assert.strictEqual(presence.universeId !== null, inPlace)
      if (presence.universeId !== null) {
        assert.strictEqual(world.universes.get(presence.universeId)!.rootPlaceId, presence.placeId)
      }
    }
  })

  it("gives every universe a root place of its own and unique names", () => {
    const names = new Set(world.universeList.map((u) => u.name))
    assert.strictEqual(names.size, worldSizes.universes)
    for (const universe of world.universeList) {
      assert.strictEqual(world.places.get(universe.rootPlaceId)!.universeId, universe.id)
    }
    assert.deepStrictEqual(
      world.universeList.filter((u) => u.iconState === "Blocked").map((u) => u.id),
      [1037]
    )
  })

  it("has bundles made of existing catalog items", () => {
    for (const bundle of world.bundles.values()) {
      for (const id of bundle.itemIds) assert.isTrue(world.catalogItems.has(id))
    }
  })
})

describe("seeded random", () => {
  it("repeats its sequence for a seed", () => {
    const a = makeRandom(7)
    const b = makeRandom(7)
    const first = [a.next(), a.int(1, 6), a.string(8)]
    assert.deepStrictEqual([b.next(), b.int(1, 6), b.string(8)], first)
  })

  it("samples distinct elements", () => {
    const picked = makeRandom(3).sample([1, 2, 3, 4, 5, 6, 7, 8], 5)
    assert.strictEqual(new Set(picked).size, 5)
  })
})
