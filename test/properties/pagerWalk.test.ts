/**
 * Property test of bounded walks: whatever cursors a server answers — repeated, cycling, fresh forever, or an end —
 * a load that walks toward a far page always ends, after at most `maxFetchesPerLoad` fetches, and a cursor the list
 * already gave for another place stops it at its first repetition. The longest walk seen is reported.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import fc from "fast-check"
import * as Pager from "../../src/core/paging/Pager.ts"

/** How a server picks the cursor of its n-th answer. */
const cursorsArb = fc.oneof(
  // the same cursor forever
  fc.string({ minLength: 1, maxLength: 4 }).map(
    (c) =>
      (_n: number): string | null =>
        c
  ),
  // a cycle of k cursors
  fc.integer({ min: 1, max: 7 }).map(
    (k) =>
      (n: number): string | null =>
        `c${n % k}`
  ),
  // fresh cursors forever (a list without end)
  fc.constant((n: number): string | null => `fresh-${n}`),
  // a scripted list of answers, ending or repeating at any point
  fc.array(fc.option(fc.constantFrom("a", "b", "c", "d", "e"), { nil: null }), { minLength: 1, maxLength: 12 }).map(
    (script) =>
      (n: number): string | null =>
        script[Math.min(n - 1, script.length - 1)]!
  )
)

const figures = { walks: 0, longest: 0 }

describe("bounded walks (property)", () => {
  it("every walk ends within maxFetchesPerLoad fetches, and at the first cursor given for another place", async () => {
    await fc.assert(
      fc.asyncProperty(
        cursorsArb,
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 10_000 }),
        async (cursorOf, pageSize, maxFetchesPerLoad, target) => {
          const asked: Array<string | undefined> = []
          const fetch = (request: Pager.PageRequest<undefined>) =>
            Effect.sync(() => {
              asked.push(request.cursor)
              return {
                items: Array.from({ length: pageSize }, (_, i) => `${asked.length}.${i}`),
                nextPageCursor: cursorOf(asked.length)
              }
            })
          const exit = await Effect.runPromise(
            Effect.gen(function* () {
              const pager = yield* Pager.make({ pageSize, fetch, maxFetchesPerLoad })
              return yield* Effect.exit(pager.goTo(target))
            })
          )
          figures.walks++
          figures.longest = Math.max(figures.longest, asked.length)
          assert.isAtMost(asked.length, maxFetchesPerLoad)
          // a cursor is never asked twice in one walk: its second appearance in an answer stops the walk
          const cursors = asked.filter((c): c is string => c !== undefined)
          assert.strictEqual(new Set(cursors).size, cursors.length)
          assert.isTrue(Exit.isExit(exit))
        }
      ),
      { numRuns: 500 }
    )
    console.log(`pager walks: ${figures.walks} walks against generated servers, the longest ${figures.longest} fetches`)
    assert.isAbove(figures.walks, 0)
  })
})
