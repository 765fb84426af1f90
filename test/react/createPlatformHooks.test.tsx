// @vitest-environment happy-dom
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { act } from "react"
import { assert, describe, it } from "vitest"
import * as Mutation from "../../src/core/query/Mutation.ts"
import * as Query from "../../src/core/query/Query.ts"
import { createPlatformHooks } from "../../src/react/createPlatformHooks.tsx"
import { PlatformProvider } from "../../src/react/PlatformProvider.tsx"
import { thrownBy, useDom, until } from "./dom.ts"
import { Follow, FriendsQuery, makeFriendsService, names } from "./friendsApp.ts"

/** A service the app's layer does not provide. */
class Wallet extends Context.Service<Wallet, { readonly balance: Effect.Effect<number> }>()("test/Wallet") {}

const BalanceQuery = Query.make({ name: "balance", run: () => Wallet.use((w) => w.balance) })
const Spend = Mutation.make({ name: "spend", run: (amount: number) => Wallet.use((w) => Effect.as(w.balance, amount)) })

const service = makeFriendsService()
const app = createPlatformHooks(service.layer)

/** Type-level proof: tsc fails on an unused `@ts-expect-error`, so each line below MUST be a type error. */
export function WrongServices() {
  // @ts-expect-error Wallet is not provided by the app's layer
  app.useQuery(BalanceQuery)
  // @ts-expect-error Wallet is not provided by the app's layer
  app.useSuspenseQuery(BalanceQuery)
  // @ts-expect-error Wallet is not provided by the app's layer
  app.useMutation(Spend)
  // @ts-expect-error Wallet is not provided by the app's layer
  app.useEffectResult(() => Wallet.use((w) => w.balance), [])
  const walletPage = () =>
    Effect.map(
      Wallet.use((w) => w.balance),
      (n) => ({ items: [n] })
    )
  // @ts-expect-error Wallet is not provided by the app's layer
  app.usePager({ pageSize: 1, fetch: walletPage })
  return null
}

/** A query over a union of literals, like the friends list's sort orders. */
type Sort = "Alphabetical" | "StatusFrequents"
const SortedQuery = Query.make({ name: "sorted", run: (sort: Sort) => Effect.succeed(sort) })

/**
 * Type-level proof that a literal argument is checked against the query's argument type, not widened to `string`
 * (which made `useQuery(SortedQuery, "StatusFrequents")` a compile error); a literal outside the union still fails.
 */
export function LiteralArguments() {
  app.useQuery(SortedQuery, "StatusFrequents")
  app.useSuspenseQuery(SortedQuery, "Alphabetical")
  // @ts-expect-error "Newest" is not one of the query's sort orders
  app.useQuery(SortedQuery, "Newest")
  // @ts-expect-error "Newest" is not one of the query's sort orders
  app.useSuspenseQuery(SortedQuery, "Newest")
  return null
}

function Friends() {
  const view = app.useQuery(FriendsQuery, { params: { userId: 1 }, query: {} })
  const follow = app.useMutation(Follow)
  return (
    <p id="friends" data-follow={follow.state._tag}>
      {view._tag === "Success" ? names(view.value) : view._tag}
    </p>
  )
}

const dom = useDom()

describe("createPlatformHooks", () => {
  it("its Provider runs the layer and its hooks take what the layer provides", async () => {
    act(() =>
      dom.root.render(
        <app.Provider>
          <Friends />
        </app.Provider>
      )
    )
    await until(() => service.pending() === 1, "the request")
    await act(async () => service.answerAll())
    await until(() => dom.container.textContent === "ada,bo", "the names")
    assert.strictEqual(dom.container.querySelector("#friends")!.getAttribute("data-follow"), "Idle")
  })

  it("its hooks used under another provider are a clear programming error", () => {
    const errors = thrownBy(() =>
      act(() =>
        dom.root.render(
          <PlatformProvider layer={service.layer}>
            <Friends />
          </PlatformProvider>
        )
      )
    )
    assert.isTrue(
      errors.some(
        (e) =>
          e instanceof Error && e.message === "useQuery must be used inside the Provider of its createPlatformHooks"
      )
    )
  })
})
