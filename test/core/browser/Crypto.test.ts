/**
 * Crypto.sha256ThenSign over a scripted SubtleCrypto: the order of the WebCrypto calls (the `alongside` signature
 * starts with the digest, not after it), which stage a failure names when one or both parts fail, and that the
 * first failure answers at once even when the other part never settles.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Option from "effect/Option"
import {
  Crypto,
  type CryptoError,
  type CryptoOperation,
  type DigestAndSignatures
} from "../../../src/core/browser/Crypto.ts"

/** How an operation ends: it succeeds or fails (in the plan's order, one per macrotask), or never settles. */
type Outcome = "ok" | "fail" | "hang"

interface Plan {
  readonly digest: Outcome
  /** The outcome of each signature in the order they start (the alongside one starts first). */
  readonly signs: ReadonlyArray<Outcome>
  /** Which started operation settles next: the oldest (default) or the newest. */
  readonly settleNewestFirst?: boolean
}

/**
 * A SubtleCrypto whose operations settle one per macrotask, in the plan's order (a `hang` one never does); it
 * records every start and settlement. Digest bytes are all 7; the n-th signature's bytes are all n.
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
      if (outcome === "hang") return
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
      return operation(
        `sign ${new TextDecoder().decode(data)}`,
        plan.signs[index] ?? "ok",
        new Uint8Array(64).fill(index).buffer
      )
    }
  } as unknown as SubtleCrypto
  return { log, layer: Crypto.fromWebCrypto(() => ({ subtle, randomUUID: () => "" })) }
}

const encode = (text: string) => new TextEncoder().encode(text)

/** sha256ThenSign over the scripted WebCrypto: its exit and the log of WebCrypto calls. */
const run = (plan: Plan, alongside: boolean) => {
  const fake = scripted(plan)
  return Effect.gen(function* () {
    const crypto = yield* Crypto
    const exit = yield* Effect.exit(
      crypto.sha256ThenSign(
        encode("body"),
        {} as CryptoKey,
        (digest) => encode(`first ${digest[0]}`),
        alongside ? encode("second") : undefined
      )
    )
    return { exit, log: fake.log }
  }).pipe(Effect.provide(fake.layer))
}

describe("Crypto.sha256ThenSign", () => {
  it.live("without alongside: digest, then one signature of the message made from the digest", () =>
    Effect.gen(function* () {
      const { exit, log } = yield* run({ digest: "ok", signs: ["ok"] }, false)
      assert.deepStrictEqual(log, ["start digest", "done digest", "start sign first 7", "done sign first 7"])
      assert.isTrue(Exit.isSuccess(exit))
      const value = (exit as Exit.Success<DigestAndSignatures>).value
      assert.deepStrictEqual([value.digest.length, value.signature[0], value.alongsideSignature], [32, 0, undefined])
    })
  )

  it.live("with alongside: its signature starts with the digest, before the first signature", () =>
    Effect.gen(function* () {
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
    })
  )

  const failing = (name: string, plan: Plan, alongside: boolean, expected: CryptoOperation) =>
    it.live(`${name}: CryptoError ${expected}`, () =>
      Effect.gen(function* () {
        const { exit } = yield* run(plan, alongside)
        assert.isTrue(Exit.isFailure(exit))
        const error = Cause.findErrorOption((exit as Exit.Failure<unknown, CryptoError>).cause)
        assert.strictEqual(Option.getOrThrow(error).operation, expected)
      })
    )

  failing("the digest fails", { digest: "fail", signs: [] }, false, "digest")
  failing("the signature fails", { digest: "ok", signs: ["fail"] }, false, "sign")
  failing("the digest fails, the alongside signature succeeds", { digest: "fail", signs: ["ok"] }, true, "digest")
  failing("the digest fails, then the alongside signature", { digest: "fail", signs: ["fail"] }, true, "digest")
  // the first failure answers: the digest's failure comes later and is ignored
  failing(
    "the alongside signature fails, then the digest",
    { digest: "fail", signs: ["fail"], settleNewestFirst: true },
    true,
    "sign"
  )
  failing("the alongside signature fails", { digest: "ok", signs: ["fail", "ok"] }, true, "sign")
  failing(
    "the first signature fails, the alongside one succeeds",
    { digest: "ok", signs: ["ok", "fail"] },
    true,
    "sign"
  )

  /** Unhandled rejections seen while `effect` runs and a few macrotasks after (a late outcome must be handled). */
  const unhandledDuring = <A, E>(effect: Effect.Effect<A, E>) =>
    Effect.gen(function* () {
      const seen: Array<unknown> = []
      const listener = (reason: unknown) => void seen.push(reason)
      process.on("unhandledRejection", listener)
      const result = yield* effect.pipe(
        Effect.tap(() => Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))),
        Effect.ensuring(Effect.sync(() => process.off("unhandledRejection", listener)))
      )
      return { result, unhandled: seen }
    })

  const settlesAtOnce = (name: string, plan: Plan, expected: CryptoOperation, log: ReadonlyArray<string>) =>
    it.live(`${name}: CryptoError ${expected} at once, the hung part ignored`, () =>
      Effect.gen(function* () {
        const {
          result: { exit, log: seen },
          unhandled
        } = yield* unhandledDuring(run(plan, true))
        const error = Cause.findErrorOption((exit as Exit.Failure<unknown, CryptoError>).cause)
        assert.strictEqual(Option.getOrThrow(error).operation, expected)
        assert.deepStrictEqual(seen, log)
        assert.deepStrictEqual(unhandled, [])
      })
    )

  settlesAtOnce("the digest fails while the alongside signature hangs", { digest: "fail", signs: ["hang"] }, "digest", [
    "start digest",
    "start sign second",
    "failed digest"
  ])
  settlesAtOnce("the alongside signature fails while the digest hangs", { digest: "hang", signs: ["fail"] }, "sign", [
    "start digest",
    "start sign second",
    "failed sign second"
  ])
  settlesAtOnce(
    "the first signature fails while the alongside one hangs",
    { digest: "ok", signs: ["hang", "fail"] },
    "sign",
    ["start digest", "start sign second", "done digest", "start sign first 7", "failed sign first 7"]
  )

  it.live("the other part fails after the answer: its rejection is handled (no unhandled rejection)", () =>
    Effect.gen(function* () {
      const {
        result: { exit, log },
        unhandled
      } = yield* unhandledDuring(run({ digest: "fail", signs: ["fail"] }, true))
      const error = Cause.findErrorOption((exit as Exit.Failure<unknown, CryptoError>).cause)
      assert.strictEqual(Option.getOrThrow(error).operation, "digest")
      assert.deepStrictEqual(log, ["start digest", "start sign second", "failed digest", "failed sign second"])
      assert.deepStrictEqual(unhandled, [])
    })
  )

  it.live("no WebCrypto: unavailable, nothing started", () =>
    Effect.gen(function* () {
      const crypto = yield* Crypto
      const error = yield* Effect.flip(
        crypto.sha256ThenSign(new Uint8Array(), {} as CryptoKey, (d) => d, new Uint8Array())
      )
      assert.strictEqual(error.operation, "unavailable")
    }).pipe(Effect.provide(Crypto.fromWebCrypto(() => undefined)))
  )
})
