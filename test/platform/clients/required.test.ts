/**
 * The required-field rule (REQ-1 to REQ-3), generated from the definitions: for every endpoint of every service, each
 * required value (path parameter, required query parameter or header, the body, a required body field) set to null
 * or undefined fails with `RequiredError` naming the field and the endpoint, with the exact message, and nothing is
 * sent.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { RequiredError } from "../../../src/core/http/errors.ts"
import { endpointsOf } from "../../../src/platform/api/definition.ts"
import { platformServices } from "../../../src/platform/api/registry.ts"
import { makeCheckedClient } from "../../../src/platform/clients/checkedClient.ts"
import type { PlatformCallError } from "../../../src/platform/clients/errors.ts"
import { type RequiredField, requiredFields } from "../../../src/platform/clients/requiredFields.ts"
import { StubFetch } from "../../../src/testing/StubFetch.ts"
import { clientsLayer } from "./harness.ts"

type AnyMethod = (request?: unknown) => Effect.Effect<unknown, PlatformCallError>

/** A request where the fields before `index` hold a placeholder and field `index` holds `missing`. */
const requestWith = (fields: ReadonlyArray<RequiredField>, index: number, missing: null | undefined) => {
  const request: Record<string, any> = {}
  fields.slice(0, index + 1).forEach(({ part, name }, i) => {
    const value = i === index ? missing : part === "payload" ? {} : 1
    if (part === "payload") request.payload = value
    else if (part === "payloadField") (request.payload ??= {})[name] = value
    else (request[part] ??= {})[name] = value
  })
  return request
}

/** The names of REQ-3 (those the listed calls use) must each be a required value of some endpoint. */
const section5Names = [
  "universeId",
  "placeId",
  "serverType",
  "gameId",
  "role",
  "assetId",
  "groupId",
  "userId",
  "imageToken",
  "imageTokens",
  "universeIds",
  "placeIds",
  "request",
  "userRequest",
  "assetIds",
  "userIds",
  "badgeIds",
  "bundleIds",
  "gamePassIds",
  "developerProductIds",
  "userOutfitIds",
  "requests"
]

describe("required fields, generated from the definitions", () => {
  const all = Object.entries(platformServices).flatMap(([service, api]) =>
    endpointsOf(api).map((entry) => ({ service, ...entry, fields: requiredFields(entry.endpoint) }))
  )

  it("every name REQ-3 lists is required by some endpoint", () => {
    const names = new Set(all.flatMap((e) => e.fields.map((f) => f.name)))
    for (const name of section5Names) assert.isTrue(names.has(name), name)
  })

  it("a path parameter is always required, and bodies are named as the spec names them", () => {
    const byName = new Map(all.map((e) => [e.endpoint.identifier, e.fields]))
    assert.deepStrictEqual(byName.get("getGameServers"), [
      { part: "params", name: "placeId" },
      { part: "params", name: "serverType" }
    ])
    assert.deepStrictEqual(byName.get("batchThumbnails"), [{ part: "payload", name: "requests" }])
    // the published document lets the code be null (it clears the user's locale): only the body is required
    assert.deepStrictEqual(byName.get("setUserSupportedLocale"), [{ part: "payload", name: "userRequest" }])
    assert.deepStrictEqual(byName.get("lookupUsers"), [
      { part: "payload", name: "request" },
      { part: "payloadField", name: "userIds" }
    ])
    assert.deepStrictEqual(byName.get("getCurrentUserRoleGames"), [{ part: "params", name: "role" }])
  })

  for (const { service, group, endpoint, fields } of all) {
    if (fields.length === 0) continue
    it.effect(`${service}.${group.identifier}.${endpoint.identifier}: ${fields.map((f) => f.name).join(", ")}`, () =>
      Effect.gen(function* () {
        const client = (yield* makeCheckedClient(
          platformServices[service as keyof typeof platformServices] as any,
          service as any
        )) as Record<string, Record<string, AnyMethod>>
        const method = client[group.identifier]![endpoint.identifier]!
        for (let index = 0; index < fields.length; index++) {
          for (const missing of [null, undefined]) {
            const error = yield* Effect.flip(method(requestWith(fields, index, missing)))
            assert.instanceOf(error, RequiredError)
            assert.deepStrictEqual(
              [(error as RequiredError).field, (error as RequiredError).operation],
              [fields[index]!.name, endpoint.identifier]
            )
            assert.strictEqual(
              error.message,
              `Required parameter ${fields[index]!.name} was null or undefined when calling ${endpoint.identifier}.`
            )
          }
        }
        assert.strictEqual((yield* StubFetch).requests.length, 0, "nothing was sent")
      }).pipe(Effect.provide(clientsLayer({})))
    )
  }

  it.effect("a call without any request object fails on its first required field", () =>
    Effect.gen(function* () {
      const client = yield* makeCheckedClient(platformServices.catalog, "catalog")
      const error = yield* Effect.flip((client.catalog.getBundleDetails as unknown as AnyMethod)())
      assert.strictEqual(
        error.message,
        "Required parameter bundleId was null or undefined when calling getBundleDetails."
      )
    }).pipe(Effect.provide(clientsLayer({})))
  )
})
