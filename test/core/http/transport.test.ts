import { assert, describe, it } from "@effect/vitest"
import { bufferingFetch } from "../../../src/core/http/transport.ts"

const answer = (body: BodyInit | null, status = 200) => () =>
  Promise.resolve(new Response(body, { status, headers: { "content-type": "application/json" } }))

describe("bufferingFetch", () => {
  it("resolves with the body already read, and every reader still works, more than once", async () => {
    const response = await bufferingFetch(answer(`{"a":1}`))("https://h/x")
    assert.deepStrictEqual(await response.json(), { a: 1 })
    assert.strictEqual(await response.text(), `{"a":1}`)
    assert.strictEqual(new TextDecoder().decode(await response.arrayBuffer()), `{"a":1}`)
    assert.strictEqual(await new Response(response.body).text(), `{"a":1}`)
    assert.strictEqual((await response.blob()).type, "application/json")
    assert.strictEqual(response.status, 200)
    assert.strictEqual(response.headers.get("content-type"), "application/json")
  })

  it("keeps binary bodies byte for byte", async () => {
    const bytes = new Uint8Array([0, 255, 128, 10, 13, 0xc3])
    const response = await bufferingFetch(answer(bytes))("https://h/report")
    assert.deepStrictEqual([...new Uint8Array(await response.arrayBuffer())], [...bytes])
  })

  it("handles empty and null-body responses", async () => {
    const noContent = await bufferingFetch(answer(null, 204))("https://h/x")
    assert.strictEqual(await noContent.text(), "")
    assert.strictEqual(noContent.status, 204)
  })

  it("a rejected fetch rejects", async () => {
    const failing = bufferingFetch(() => Promise.reject(new TypeError("Failed to fetch")))
    const error = await failing("https://h/x").catch((e: unknown) => e)
    assert.instanceOf(error, TypeError)
  })
})
