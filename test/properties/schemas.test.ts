/**
 * Round-trip properties of every response schema of every platform call (read from the definitions):
 *
 * 1. a value encoded to its wire form (the published form: integer enums, JSON) decodes back to the same value;
 * 2. the value's own JSON (enums as names, as live services send them; a value of an open enum this library does not
 *    know as the raw value it came as) decodes to the same value;
 * 3. unknown extra fields anywhere in the answer are ignored, never a failure.
 *
 * Values come from Schema-derived generators (effect/Arbitrary) so each schema is exercised as it is defined;
 * fast-check draws among them and generates the extra fields.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { endpointsOf } from "../../src/platform/api/definition.ts"
import { platformServices } from "../../src/platform/api/registry.ts"

const responseSchemas = Object.entries(platformServices).flatMap(([service, api]) =>
  endpointsOf(api)
    // the binary report is bytes, not JSON (its byte-for-byte test is in the client tests)
    .filter(({ endpoint }) => endpoint.successContentType === undefined)
    .map(({ endpoint }) => ({ name: `${service}.${endpoint.identifier}`, schema: endpoint.success }))
)

/** Add `key: value` to every object of a JSON value (arrays and nested objects included). */
const withExtra = (json: unknown, key: string, value: unknown): unknown => {
  if (Array.isArray(json)) return json.map((item) => withExtra(item, key, value))
  if (typeof json === "object" && json !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(json)) out[k] = withExtra(v, key, value)
    if (!(key in out)) out[key] = value
    return out
  }
  return json
}

/** The JSON form of a value: what goes over the wire (undefined fields dropped, plain objects). */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value))

/** The live wire form of a value's JSON: an open enum's unknown value (`{ _tag: "Unknown", value }`) is its raw value. */
const live = (json: unknown): unknown => {
  if (Array.isArray(json)) return json.map(live)
  if (typeof json === "object" && json !== null) {
    const fields = json as Record<string, unknown>
    if (fields._tag === "Unknown" && "value" in fields && Object.keys(fields).length === 2) return fields.value
    return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, live(v)]))
  }
  return json
}

/** Remove `key` from every object of a JSON value (a kept extra field is allowed: "kept or ignored"). */
const withoutKey = (json: unknown, key: string): unknown => {
  if (Array.isArray(json)) return json.map((item) => withoutKey(item, key))
  if (typeof json === "object" && json !== null) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(json)) if (k !== key) out[k] = withoutKey(v, key)
    return out
  }
  return json
}

describe("response schemas round-trip", () => {
  it("cover every call with a JSON answer", () => {
    assert.isAtLeast(responseSchemas.length, 107)
  })

  for (const { name, schema } of responseSchemas) {
    it.effect(name, () =>
      Effect.gen(function* () {
        const codec = Schema.toCodecJson(schema as Schema.Codec<unknown, unknown>)
        const encode = Schema.encodeUnknownSync(codec)
        const decode = Schema.decodeUnknownSync(codec)
        const samples = yield* Arbitrary.sampleEffect(Arbitrary.schema(schema as Schema.Codec<unknown, unknown>), {
          count: 30,
          seed: name
        })
        fc.assert(
          fc.property(
            fc.constantFrom(...samples),
            fc.string({ minLength: 1, maxLength: 12 }).filter((k) => k !== "__proto__"),
            fc.jsonValue({ maxDepth: 2 }),
            (sample, extraKey, extraValue) => {
              // the sample as it travels: fields set to undefined are absent
              const expected = wire(sample)
              const published = wire(encode(expected))
              assert.deepStrictEqual(wire(decode(published)), expected, "published form")
              assert.deepStrictEqual(wire(decode(live(expected))), expected, "live form (enum names)")
              // a prefixed key cannot collide with a real field: it is unknown to every schema
              const key = `x-${extraKey}`
              const decoded = decode(withExtra(published, key, extraValue))
              assert.deepStrictEqual(withoutKey(wire(decoded), key), expected, "extra fields kept or ignored")
            }
          ),
          { numRuns: 30, seed: 7 }
        )
      })
    )
  }
})
