/**
 * Crypto.sha256ThenSign over a scripted SubtleCrypto: the order of the WebCrypto calls (the `alongside` signature
 * starts with the digest, not after it) and which stage a failure names when one or both parts fail.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import { Crypto, type CryptoError, type CryptoOperation, type DigestAndSignatures } from "../../../src/core/browser/Crypto.ts"

type Outcome = "ok" | "fail"

interface Plan {
  readonly digest: Outcome
  /** The outcome of each signature in the order they start (the alongside one starts first). */
  readonly signs: ReadonlyArray<Outcome>
  /** Which started operation settles next: the oldest (default) or the newest. */
  readonly settleNewestFirst?: boolean
}

/**
 * A SubtleCrypto whose operations settle one per macrotask, in the plan's order; it records every start and
 * settlement. Digest bytes are all 7; the n-th signature's bytes are all n.
 */
const scripted = (plan: Plan) => {
  const log: Array<string> = []
  const pending: Array<() => void> = []
  let signs = 0
  const settleLater = () =>
    setTimeout(() => {
      const next = plan.settleNewestFirst === true ? pending.pop() : pending.shift()
      next?.()
    }, 0)
  const operation = <A>(name: string, outcome: Outcome, value: A): Promise<A> =>
    new Promise((resolve, reject) => {
      log.push(`start ${name}`)
      pending.push(() => {
        log.push(`${outcome === "ok" ? "done" : "failed"} ${name}`)
        if (pending.length > 0) settleLater()
        if (outcome === "ok") resolve(value)
        else reject(new Error(`${name} refused`))
      })
      if (pending.length === 1) settleLater()
    })
  const subtle = {
    digest: () => operation("digest", plan.digest, new Uint8Array(32).fill(7).buffer),
    sign: (_algorithm: unknown, _key: unknown, data: Uint8Array) => {
      const index = signs++
      return operation(`sign ${new TextDecoder().decode(data)}`, plan.signs[index] ?? "ok", new Uint8Array(64).fill(index).buffer)
    }
  } as unknown as SubtleCrypto
  return { log, layer: Crypto.fromWebCrypto(() => ({ subtle, randomUUID: () => "" })) }
}

const encode = (text: string) => new TextEncoder().encode(text)

/** sha256ThenSign over the scripted WebCrypto: its exit and the log of WebCrypto calls. */
const run = (plan: Plan, alongside: boolean) => {
  const fake = scripted(plan)
  return Effect.gen(function*() {
    const crypto = yield* Crypto
    const exit = yield* Effect.exit(crypto.sha256ThenSign(
      encode("body"),
      {} as CryptoKey,
      (digest) => encode(`first ${digest[0]}`),
      alongside ? encode("second") : undefined
    ))
    return { exit, log: fake.log }
  }).pipe(Effect.provide(fake.layer))
}

describe("Crypto.sha256ThenSign", () => {
  it.live("without alongside: digest, then one signature of the message made from the digest", () =>
    Effect.gen(function*() {
      const { exit, log } = yield* run({ digest: "ok", signs: ["ok"] }, false)
      assert.deepStrictEqual(log, ["start digest", "done digest", "start sign first 7", "done sign first 7"])
      assert.isTrue(Exit.isSuccess(exit))
      const value = (exit as Exit.Success<DigestAndSignatures>).value
      assert.deepStrictEqual([value.digest.length, value.signature[0], value.alongsideSignature], [32, 0, undefined])
    }))

  it.live("with alongside: its signature starts with the digest, before the first signature", () =>
    Effect.gen(function*() {
      const { exit, log } = yield* run({ digest: "ok", signs: ["ok", "ok"] }, true)
      assert.deepStrictEqual(log, [
        "start digest",
        "start sign second",
        "done digest",
        "start sign first 7",
        "done sign second",
        "done sign first 7"
      ])
      assert.isTrue(Exit.isSuccess(exit))
      const value = (exit as Exit.Success<DigestAndSignatures>).value
      // the alongside message was signed first (bytes 0), the digest's message second (bytes 1)
      assert.deepStrictEqual([value.signature[0], value.alongsideSignature?.[0]], [1, 0])
    }))

  const failing = (name: string, plan: Plan, alongside: boolean, expected: CryptoOperation) =>
    it.live(`${name}: CryptoError ${expected}`, () =>
      Effect.gen(function*() {
        const { exit } = yield* run(plan, alongside)
        assert.isTrue(Exit.isFailure(exit))
        const error = Cause.findErrorOption((exit as Exit.Failure<unknown, CryptoError>).cause)
        assert.strictEqual(Option.getOrThrow(error).operation, expected)
      }))

  failing("the digest fails", { digest: "fail", signs: [] }, false, "digest")
  failing("the signature fails", { digest: "ok", signs: ["fail"] }, false, "sign")
  failing("the digest fails, the alongside signature succeeds", { digest: "fail", signs: ["ok"] }, true, "digest")
  failing("the digest fails, then the alongside signature", { digest: "fail", signs: ["fail"] }, true, "digest")
  failing("the alongside signature fails, then the digest", { digest: "fail", signs: ["fail"], settleNewestFirst: true },
    true, "digest")
  failing("the alongside signature fails", { digest: "ok", signs: ["fail", "ok"] }, true, "sign")
  failing("the first signature fails, the alongside one succeeds", { digest: "ok", signs: ["ok", "fail"] }, true, "sign")

  it.live("no WebCrypto: unavailable, nothing started", () =>
    Effect.gen(function*() {
      const crypto = yield* Crypto
      const error = yield* Effect.flip(crypto.sha256ThenSign(new Uint8Array(), {} as CryptoKey, (d) => d, new Uint8Array()))
      assert.strictEqual(error.operation, "unavailable")
    }).pipe(Effect.provide(Crypto.fromWebCrypto(() => undefined))))
})
