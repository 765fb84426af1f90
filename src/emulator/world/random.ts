/**
 * A seeded pseudo-random generator (mulberry32): the same seed gives the same sequence on every run and machine.
 * The emulator never uses Math.random, so its world, tokens and fault decisions repeat exactly.
 *
 * @module
 */

/** A deterministic source of numbers. */
export interface Random {
  /** A float in [0, 1). */
  readonly next: () => number
  /** An integer in [min, max] (both included). */
  readonly int: (min: number, max: number) => number
  /** True with probability `p`. */
  readonly chance: (p: number) => boolean
  /** One element of a non-empty list. */
  readonly pick: <A>(items: ReadonlyArray<A>) => A
  /** `count` distinct elements of `items`, in random order. */
  readonly sample: <A>(items: ReadonlyArray<A>, count: number) => Array<A>
  /** A string of `length` characters from `alphabet`. */
  readonly string: (length: number, alphabet?: string) => string
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** Mix a seed with a label, so that independent streams (world, tokens, faults) never share a sequence. */
export const deriveSeed = (seed: number, label: string): number => {
  let h = (seed ^ 0x9e3779b9) >>> 0
  for (let i = 0; i < label.length; i++) {
    h = Math.imul(h ^ label.charCodeAt(i), 0x85ebca6b) >>> 0
    h = (h ^ (h >>> 13)) >>> 0
  }
  return h
}

/** A generator seeded with `seed`. */
export const makeRandom = (seed: number): Random => {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <A>(items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)] as A
  const sample = <A>(items: ReadonlyArray<A>, count: number): Array<A> => {
    const pool = [...items]
    const out: Array<A> = []
    while (out.length < count && pool.length > 0) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as A)
    return out
  }
  const string = (length: number, alphabet = base62) => {
    let s = ""
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(next() * alphabet.length)]
    return s
  }
  return { next, int, chance: (p) => next() < p, pick, sample, string }
}
