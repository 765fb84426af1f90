/**
 * Test helpers: one emulator per test file on free ports, reset before each test, and small fetch helpers.
 */
import { afterAll, beforeAll, beforeEach } from "@effect/vitest"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import type { EmulatorOptions } from "../../src/emulator/options.ts"

/** The header admin calls that change the emulator's state carry (`x-emulator-admin: 1`). */
export { adminHeaders } from "../../src/emulator/admin/AdminApi.ts"

/** Start an emulator for the file; the returned getter gives it inside tests. */
export const useEmulator = (options: EmulatorOptions = {}): (() => RunningEmulator) => {
  let emulator: RunningEmulator | undefined
  beforeAll(async () => {
    emulator = await startEmulator(options)
  })
  afterAll(async () => {
    await emulator?.close()
  })
  beforeEach(() => {
    emulator?.state.reset()
  })
  return () => emulator!
}

/** A response's status, lower-cased headers and JSON (or text) body. */
export interface Answer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: any
}

/** Fetch and read the whole answer. */
export const call = async (url: string, init: RequestInit = {}): Promise<Answer> => {
  const response = await fetch(url, init)
  const text = await response.text()
  const headers: Record<string, string> = {}
  response.headers.forEach((value, key) => void (headers[key] = value))
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers, body }
}

/** A JSON POST with optional extra headers. */
export const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  call(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) })

/** POST once to learn the current token (the 403's `x-csrf-token`), then POST with it. */
export const postWithCsrf = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const first = await postJson(url, body, headers)
  const token = first.headers["x-csrf-token"]
  if (first.status !== 403 || token === undefined) return first
  return postJson(url, body, { ...headers, "x-csrf-token": token })
}

/** Ids 1..n. */
export const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i)

/**
 * The verdicts of one rule (those starting with `prefix`, e.g. "csrf"): tests assert their own rule's verdicts
 * exactly, whatever other rules (request signing, challenges, …) add to the same entry.
 */
export const verdictsOf =
  (prefix: string) =>
  (entry: { readonly verdicts: ReadonlyArray<string> }): Array<string> =>
    entry.verdicts.filter((verdict) => verdict.startsWith(prefix))
