import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ChallengeHandler } from "../../../src/core/challenge/ChallengeHandler.ts"
import { PlatformHttpWithChallenges } from "../../../src/core/challenge/withChallenges.ts"
import { PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { ScriptedChallengeControl, ScriptedChallengePresenter } from "../../../src/testing/ScriptedChallengePresenter.ts"
import { ScriptedScriptRunner } from "../../../src/testing/ScriptedScriptRunner.ts"
import { StubFetch } from "../../../src/testing/StubFetch.ts"
import { appUrl, platform } from "./harness.ts"

const base = Layer.mergeAll(
  StubFetch.layer(platform()),
  PlatformConfig.layer({}),
  MemoryKeyValueStore.layer(),
  MemoryTelemetry.layer(),
  ScriptedChallengePresenter.layer(),
  ScriptedScriptRunner.layer()
)

describe("PlatformHttpWithChallenges", () => {
  it.effect("composes PlatformHttp with the challenge flow, even next to a plain PlatformHttp.layer", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* (yield* PlatformHttp).post(appUrl), { ok: true })
      assert.strictEqual((yield* (yield* ScriptedChallengeControl).presentations).length, 1)
      assert.isDefined(yield* ChallengeHandler)
      assert.strictEqual((yield* StubFetch).requests.length, 3)
    }).pipe(Effect.provide(
      PlatformHttpWithChallenges.layer.pipe(Layer.provideMerge(Layer.merge(base, PlatformHttp.layer.pipe(Layer.provide(base)))))
    )))
})
