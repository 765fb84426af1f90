import { assert, describe, it } from "@effect/vitest"
import {
  type LogEntry,
  loggedRequestHeaders,
  makeRequestLog,
  redact,
  redactCookies,
  selectHeaders
} from "../../src/emulator/platform/requestLog.ts"

const entry = (id: number): LogEntry => ({
  id,
  at: id,
  durationMs: 0,
  server: "api",
  service: "users",
  method: "GET",
  url: "/users/v1/users/authenticated",
  origin: null,
  userId: 1,
  status: 200,
  requestHeaders: {},
  responseHeaders: {},
  verdicts: [],
  ids: null
})

describe("request log", () => {
  it("redacts secrets: four characters of a token, only the names of cookies", () => {
    assert.strictEqual(redact("abcdefghijkl"), "abcd…")
    assert.strictEqual(redact("short"), "•••")
    assert.strictEqual(redactCookies("emu_session=u1; other=secret"), "emu_session=•••; other=•••")
  })

  it("keeps only the listed headers, secret ones redacted", () => {
    const headers = selectHeaders(
      {
        "x-csrf-token": "oqzdaUl4iUZO",
        "accept-language": "fr-FR",
        "x-retry-attempt": "1",
        cookie: "emu_session=u3",
        authorization: "Bearer nope",
        "content-type": ""
      },
      loggedRequestHeaders
    )
    assert.deepStrictEqual(headers, {
      "x-csrf-token": "oqzd…",
      "x-retry-attempt": "1",
      "accept-language": "fr-FR",
      cookie: "emu_session=•••"
    })
  })

  it("pages by id and keeps the newest entries up to its limit", () => {
    const log = makeRequestLog(3)
    for (let i = 0; i < 5; i++) log.append(entry(log.nextId()))
    assert.deepStrictEqual(
      log.since(0).entries.map((e) => e.id),
      [3, 4, 5]
    )
    assert.deepStrictEqual(log.since(3), { entries: [entry(4), entry(5)], lastId: 5 })
    assert.deepStrictEqual(
      log.since(3, 1).entries.map((e) => e.id),
      [4]
    )
    assert.deepStrictEqual(log.since(5), { entries: [], lastId: 5 })
    log.clear()
    assert.strictEqual(log.size(), 0)
    assert.strictEqual(log.nextId(), 6)
  })
})
