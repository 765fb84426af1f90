/**
 * The notification invite starts the game through the desktop client protocol, with launch data, instance id (only
 * if valid) and referrer: `roblox://experiences/start?placeId=…&launchData=…&gameInstanceId=…&referredByPlayerId=…`,
 * a protocol navigation through Navigation, with the launch data URL-encoded twice.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { DeepLinkNavigator } from "../../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { DeepLinkSettings, defaultDeepLinkSettings } from "../../../src/platform/deeplinks/DeepLinkSettings.ts"
import { shareLinkFailureEvents, shareLinkResolvedEvent } from "../../../src/platform/deeplinks/events.ts"
import { experienceLaunchLink } from "../../../src/platform/deeplinks/routes.ts"
import { type HarnessOptions, navigatorLayer, observed, type ResolveLinkWire, www } from "../deeplinks/harness.ts"

const type = "NotificationExperienceInvite"
const link = `${www}/share?code=n0tify&type=${type}`
const follow = DeepLinkNavigator.use((n) => n.navigate(link))

const withInvite = (data: Record<string, unknown>, options: HarnessOptions = {}) =>
  navigatorLayer({
    ...options,
    shareLinks: { [`${type}:n0tify`]: { notificationExperienceInviteData: data } as ResolveLinkWire }
  })

const launchData = '{"team":"red & blue","note":"100% fun/yes?"}'
const instance = "7b4d2c1e-98a0-4f3b-b6d1-0e9c2f5a7d31"

describe("notification invite: the desktop client protocol launch", () => {
  it.effect("a valid invite: place, launch data encoded twice, the instance and the inviter, exactly", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow)
      const seen = yield* observed
      const expected =
        "roblox://experiences/start?placeId=1818" +
        "&launchData=%257B%2522team%2522%253A%2522red%2520%2526%2520blue%2522%252C%2522note%2522%253A%2522100%2525%2520fun%252Fyes%253F%2522%257D" +
        `&gameInstanceId=${instance}&referredByPlayerId=55`
      assert.deepStrictEqual(seen.visits, [`assign ${expected}`])
      assert.deepStrictEqual(seen.bridge, [])
      assert.deepStrictEqual(
        seen.events.map((e) => e.name),
        [shareLinkResolvedEvent]
      )
      // the client reads the query, then decodes the launch data once more
      const launched = new URL(expected)
      assert.strictEqual(decodeURIComponent(launched.searchParams.get("launchData")!), launchData)
    }).pipe(
      Effect.provide(withInvite({ status: "Valid", placeId: 1818, instanceId: instance, inviterId: 55, launchData }))
    )
  )

  for (const status of ["Expired", "InviterNotInExperience"] as const) {
    it.effect(`${status}: the same launch without the instance id`, () =>
      Effect.gen(function* () {
        assert.isTrue(yield* follow)
        assert.deepStrictEqual((yield* observed).visits, [
          "assign roblox://experiences/start?placeId=1818&launchData=ld&referredByPlayerId=55"
        ])
      }).pipe(
        Effect.provide(withInvite({ status, placeId: 1818, instanceId: instance, inviterId: 55, launchData: "ld" }))
      )
    )
  }

  it.effect("without launch data, instance or inviter, only the place", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow)
      assert.deepStrictEqual((yield* observed).visits, ["assign roblox://experiences/start?placeId=1818"])
    }).pipe(Effect.provide(withInvite({ status: "Valid", placeId: 1818, instanceId: "", launchData: null })))
  )

  it.effect("a valid invite whose instance id is not one is not followed (InvalidField)", () =>
    Effect.gen(function* () {
      assert.isFalse(yield* follow)
      const seen = yield* observed
      assert.deepStrictEqual(seen.visits, [])
      assert.deepStrictEqual(seen.warnings, [
        `${shareLinkFailureEvents[type]}: Share link ${type} not followed: InvalidField (instanceId)`
      ])
    }).pipe(Effect.provide(withInvite({ status: "Valid", placeId: 1818, instanceId: "x&placeId=1#", inviterId: 55 })))
  )

  it.effect("an expired invite ignores a malformed instance id (it is never sent)", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow)
      assert.deepStrictEqual((yield* observed).visits, [
        "assign roblox://experiences/start?placeId=1818&referredByPlayerId=55"
      ])
    }).pipe(Effect.provide(withInvite({ status: "Expired", placeId: 1818, instanceId: "x&y", inviterId: 55 })))
  )

  it.effect("inside the iOS app the launch goes through the native bridge", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow)
      const seen = yield* observed
      assert.deepStrictEqual(seen.bridge, ["roblox://experiences/start?placeId=1818&referredByPlayerId=55"])
      assert.deepStrictEqual(seen.visits, [])
    }).pipe(
      Effect.provide(withInvite({ status: "Valid", placeId: 1818, inviterId: 55 }, { device: { appType: "iOS" } }))
    )
  )

  it.effect("the first configured app scheme is the protocol", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow)
      assert.deepStrictEqual((yield* observed).visits, ["assign robloxmobile://experiences/start?placeId=1818"])
    }).pipe(
      Effect.provide(withInvite({ status: "Valid", placeId: 1818 })),
      Effect.provideService(DeepLinkSettings, { ...defaultDeepLinkSettings, appSchemes: ["robloxmobile", "roblox"] })
    )
  )

  it.effect("a configured app scheme that is a web or script scheme launches nothing (UnsafeTarget)", () =>
    Effect.gen(function* () {
      assert.isFalse(yield* follow)
      const seen = yield* observed
      assert.deepStrictEqual(seen.visits, [])
      assert.deepStrictEqual(seen.warnings, [
        `${shareLinkFailureEvents[type]}: Share link ${type} not followed: UnsafeTarget (Scheme)`
      ])
    }).pipe(
      Effect.provide(withInvite({ status: "Valid", placeId: 1818 })),
      Effect.provideService(DeepLinkSettings, { ...defaultDeepLinkSettings, appSchemes: ["javascript"] })
    )
  )

  it.effect("the plan names the step: LaunchExperience", () =>
    Effect.gen(function* () {
      const plan = yield* DeepLinkNavigator.use((n) => n.plan(link))
      assert.deepStrictEqual(
        plan.steps.map((s) => s._tag),
        ["TrackEvent", "LaunchExperience"]
      )
    }).pipe(Effect.provide(withInvite({ status: "Valid", placeId: 1818 })))
  )

  it("experienceLaunchLink writes the fields in the site's order, absent ones left out", () => {
    assert.strictEqual(
      experienceLaunchLink("roblox", { placeId: 1, launchData: "a b", gameInstanceId: "g-1", referredByPlayerId: 2 }),
      "roblox://experiences/start?placeId=1&launchData=a%2520b&gameInstanceId=g-1&referredByPlayerId=2"
    )
    assert.strictEqual(experienceLaunchLink("roblox", { placeId: 1 }), "roblox://experiences/start?placeId=1")
  })
})

describe("experience invite: the instance handed to the game launcher is a real instance id", () => {
  const invite = (instanceId: string) =>
    navigatorLayer({
      shareLinks: {
        "ExperienceInvite:inv1": {
          experienceInviteData: { status: "Valid", placeId: 5, instanceId, inviterId: 9 }
        } as ResolveLinkWire
      }
    })
  const link = `${www}/share?code=inv1&type=ExperienceInvite`

  it.effect("a malformed instance id is not followed (InvalidField), nothing is joined", () =>
    Effect.gen(function* () {
      assert.isFalse(yield* DeepLinkNavigator.use((n) => n.navigate(link)))
      const seen = yield* observed
      assert.deepStrictEqual(seen.visits, [])
      assert.deepStrictEqual(seen.warnings, [
        `${shareLinkFailureEvents.ExperienceInvite}: Share link ExperienceInvite not followed: InvalidField (instanceId)`
      ])
    }).pipe(Effect.provide(invite("roblox://evil")))
  )

  it.effect("a real one goes to the game page", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* DeepLinkNavigator.use((n) => n.navigate(link)))
      assert.deepStrictEqual((yield* observed).visits, [`assign ${www}/games/5`])
    }).pipe(Effect.provide(invite(instance)))
  )
})
