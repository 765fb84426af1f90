// @vitest-environment happy-dom
import { act, Suspense } from "react"
import { assert, describe, it } from "vitest"
import type { PlatformCallError } from "../../src/platform/clients/errors.ts"
import { PlatformProvider } from "../../src/react/PlatformProvider.tsx"
import { QueryErrorBoundary } from "../../src/react/QueryErrorBoundary.tsx"
import { useSuspenseQuery } from "../../src/react/useSuspenseQuery.ts"
import { thrownBy, useDom, until } from "./dom.ts"
import { FriendsQuery, makeFriendsService, names } from "./friendsApp.ts"

const dom = useDom()

function Friends(props: { readonly userId: number }) {
  const { value } = useSuspenseQuery(FriendsQuery, { params: { userId: props.userId }, query: {} })
  return <p id="friends">{names(value)}</p>
}

function Page(props: { readonly userId: number }) {
  return (
    <QueryErrorBoundary<PlatformCallError>
      fallback={({ failure, reset }) => (
        <p id="error">
          {failure._tag === "Failure" && failure.error._tag === "ResponseError"
            ? `status ${failure.error.status}`
            : failure._tag}
          <button id="retry" onClick={reset}>
            retry
          </button>
        </p>
      )}
    >
      <Suspense fallback={<p id="loading">loading</p>}>
        <Friends userId={props.userId} />
      </Suspense>
    </QueryErrorBoundary>
  )
}

const text = (id: string) => dom.container.querySelector(`#${id}`)?.textContent

describe("useSuspenseQuery", () => {
  it("suspends while loading, then renders the value; one request", async () => {
    const service = makeFriendsService()
    act(() =>
      dom.root.render(
        <PlatformProvider layer={service.layer}>
          <Page userId={1} />
        </PlatformProvider>
      )
    )
    assert.strictEqual(text("loading"), "loading")
    await until(() => service.pending() === 1, "the request")
    await act(async () => service.answerAll())
    await until(() => text("friends") === "ada,bo", "the names")
    assert.deepStrictEqual(service.paths(), ["GET /v1/users/1/friends"])
  })

  it("a typed failure reaches the nearest boundary; reset runs the query again and renders its value", async () => {
    const service = makeFriendsService()
    act(() =>
      dom.root.render(
        <PlatformProvider layer={service.layer}>
          <Page userId={3} />
        </PlatformProvider>
      )
    )
    await until(() => service.pending() === 1, "the request")
    await act(async () => service.answerAll())
    await until(() => text("error") !== undefined, "the boundary")
    assert.strictEqual(text("error"), "status 404retry")
    service.lists.set(3, ["dee"])
    act(() => dom.container.querySelector<HTMLButtonElement>("#retry")!.click())
    assert.strictEqual(text("loading"), "loading")
    await until(() => service.pending() === 1, "the second request")
    await act(async () => service.answerAll())
    await until(() => text("friends") === "dee", "the names after the reset")
    assert.deepStrictEqual(service.paths(), ["GET /v1/users/3/friends", "GET /v1/users/3/friends"])
  })

  it("options: select shapes the value (typed), staleTime keeps a second reader from asking again", async () => {
    function Count(props: { readonly id: string }) {
      const { value } = useSuspenseQuery(
        FriendsQuery,
        { params: { userId: 1 }, query: {} },
        {
          select: (answer) => answer.data.length,
          staleTime: "1 minute"
        }
      )
      const count: number = value
      return <p id={props.id}>{count}</p>
    }
    const service = makeFriendsService()
    act(() =>
      dom.root.render(
        <PlatformProvider layer={service.layer}>
          <Suspense fallback={<p id="loading">loading</p>}>
            <Count id="first" />
          </Suspense>
        </PlatformProvider>
      )
    )
    await until(() => service.pending() === 1, "the request")
    await act(async () => service.answerAll())
    await until(() => text("first") === "2", "the count")
    act(() =>
      dom.root.render(
        <PlatformProvider layer={service.layer}>
          <Suspense fallback={<p id="loading">loading</p>}>
            <Count id="first" />
            <Count id="second" />
          </Suspense>
        </PlatformProvider>
      )
    )
    await until(() => text("second") === "2", "the second reader")
    assert.deepStrictEqual(service.paths(), ["GET /v1/users/1/friends"])
    const typeProof = () =>
      // @ts-expect-error a suspended component always waits for its data: no `enabled`, as TanStack's useSuspenseQuery
      useSuspenseQuery(FriendsQuery, { params: { userId: 1 }, query: {} }, { enabled: false })
    assert.strictEqual(typeof typeProof, "function")
  })

  it("an error that is not a query failure goes on to the next boundary up", async () => {
    function Broken(): never {
      throw new Error("not a query")
    }
    const caught = thrownBy(() =>
      act(() =>
        dom.root.render(
          <QueryErrorBoundary fallback={() => <p id="error">query failed</p>}>
            <Broken />
          </QueryErrorBoundary>
        )
      )
    ).map((e) => (e instanceof Error ? e.message : String(e)))
    assert.isUndefined(text("error"))
    assert.isTrue(caught.includes("not a query"))
  })
})
