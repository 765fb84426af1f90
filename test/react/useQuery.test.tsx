// @vitest-environment happy-dom
import { act, StrictMode } from "react"
import { assert, describe, it } from "vitest"
import type * as Query from "../../src/core/query/Query.ts"
import { PlatformProvider } from "../../src/react/PlatformProvider.tsx"
import { useMutation } from "../../src/react/useMutation.ts"
import { keepPreviousData, type QueryView, useQuery } from "../../src/react/useQuery.ts"
import { useDom, until } from "./dom.ts"
import { Follow, FriendsQuery, makeFriendsService, names, OptimisticFollow } from "./friendsApp.ts"

const dom = useDom()

type FriendsView = QueryView<Query.Success<typeof FriendsQuery>, Query.Failure<typeof FriendsQuery>>

/** What a friends list renders: its names, or its typed error. */
const describe_ = (view: FriendsView): string => {
  switch (view._tag) {
    case "Loading":
      return "Loading"
    case "Failure": {
      const error = view.error
      return error._tag === "ResponseError" ? `failed ${error.status} (${error.code})` : `failed ${error._tag}`
    }
    case "Defect":
      return "defect"
    case "Success":
      return `${names(view.value)}${view.isPlaceholderData ? " (previous)" : ""}${view.waiting ? " …" : ""}`
  }
}

function Friends(props: { readonly userId: number; readonly id?: string }) {
  const view = useQuery(
    FriendsQuery,
    { params: { userId: props.userId }, query: {} },
    { placeholderData: keepPreviousData }
  )
  return (
    <p className="friends" id={props.id}>
      {describe_(view)}
    </p>
  )
}

const texts = () => [...dom.container.querySelectorAll(".friends")].map((p) => p.textContent)

describe("useQuery", () => {
  it("N components reading one key make exactly one request and all show its result", async () => {
    const service = makeFriendsService()
    act(() =>
      dom.root.render(
        <PlatformProvider layer={service.layer}>
          {[1, 2, 3, 4, 5].map((i) => (
            <Friends key={i} userId={1} />
          ))}
        </PlatformProvider>
      )
    )
    await until(() => service.pending() === 1, "the request")
    assert.deepStrictEqual(texts(), Array(5).fill("Loading"))
    await act(async () => service.answerAll())
    await until(() => texts().every((t) => t === "ada,bo"), "the names")
    assert.deepStrictEqual(service.paths(), ["GET /v1/users/1/friends"])
  })

  it("under StrictMode (double render, mount-unmount-mount) one request is made", async () => {
    const service = makeFriendsService()
    act(() =>
      dom.root.render(
        <StrictMode>
          <PlatformProvider layer={service.layer}>
            <Friends userId={1} />
            <Friends userId={1} />
          </PlatformProvider>
        </StrictMode>
      )
    )
    await until(() => service.pending() === 1, "the request")
    await act(async () => service.answerAll())
    await until(() => texts().every((t) => t === "ada,bo"), "the names")
    assert.deepStrictEqual(service.paths(), ["GET /v1/users/1/friends"])
  })

  it("when the parameters change the previous data stays shown, then is replaced", async () => {
    const service = makeFriendsService()
    const render = (userId: number) =>
      act(() =>
        dom.root.render(
          <PlatformProvider layer={service.layer}>
            <Friends userId={userId} />
          </PlatformProvider>
        )
      )
    render(1)
    await until(() => service.pending() === 1, "the first request")
    await act(async () => service.answerAll())
    await until(() => texts()[0] === "ada,bo", "user 1's friends")
    render(2)
    assert.deepStrictEqual(texts(), ["ada,bo (previous) …"])
    await until(() => service.pending() === 1, "the second request")
    await act(async () => service.answerAll())
    await until(() => texts()[0] === "cy", "user 2's friends")
    render(1)
    assert.deepStrictEqual(texts(), ["ada,bo"], "a fresh cached result is shown at once, without a request")
    assert.deepStrictEqual(service.paths(), ["GET /v1/users/1/friends", "GET /v1/users/2/friends"])
  })

  it("a typed error reaches the component as it is (ResponseError with status and code)", async () => {
    const service = makeFriendsService()
    act(() =>
      dom.root.render(
        <PlatformProvider layer={service.layer}>
          <Friends userId={404} />
        </PlatformProvider>
      )
    )
    await until(() => service.pending() === 1, "the request")
    await act(async () => service.answerAll())
    await until(() => texts()[0] !== "Loading", "the failure")
    assert.deepStrictEqual(texts(), ["failed 404 (1)"])
  })
})

function FollowButton(props: { readonly userId: number; readonly optimistic?: boolean }) {
  const follow = useMutation(props.optimistic === true ? OptimisticFollow : Follow)
  const state = follow.state
  const text =
    state._tag === "Failure"
      ? `failed ${state.error._tag === "ResponseError" ? state.error.status : state.error._tag}`
      : state._tag
  return (
    <>
      <button id="follow" onClick={() => follow.mutate(props.userId)}>
        {text}
      </button>
      <button id="reset" onClick={follow.reset}>
        reset
      </button>
    </>
  )
}

const button = (id: string) => dom.container.querySelector<HTMLButtonElement>(`#${id}`)!

describe("useMutation", () => {
  const renderPage = (service: ReturnType<typeof makeFriendsService>, userId: number, optimistic = false) =>
    act(() =>
      dom.root.render(
        <PlatformProvider layer={service.layer}>
          <Friends userId={1} />
          <FollowButton userId={userId} optimistic={optimistic} />
        </PlatformProvider>
      )
    )

  it("pending, then success; the affected query is refetched exactly once; reset returns to Idle", async () => {
    const service = makeFriendsService()
    renderPage(service, 7)
    await until(() => service.pending() === 1, "the list request")
    await act(async () => service.answerAll())
    await until(() => texts()[0] === "ada,bo", "the list")
    assert.strictEqual(button("follow").textContent, "Idle")
    act(() => button("follow").click())
    assert.strictEqual(button("follow").textContent, "Pending")
    await until(() => service.pending() === 1, "the POST")
    await act(async () => service.answerAll())
    await until(() => button("follow").textContent === "Success", "the success")
    await until(() => service.pending() === 1, "the refetch")
    assert.deepStrictEqual(texts(), ["ada,bo …"])
    await act(async () => service.answerAll())
    await until(() => texts()[0] === "ada,bo,user7", "the refetched list")
    assert.deepStrictEqual(service.paths(), [
      "GET /v1/users/1/friends",
      "POST /v1/users/7/follow",
      "GET /v1/users/1/friends"
    ])
    act(() => button("reset").click())
    assert.strictEqual(button("follow").textContent, "Idle")
  })

  it("an optimistic update is shown at once and rolled back when the write fails, with the typed error; not retried", async () => {
    const service = makeFriendsService()
    renderPage(service, 404, true)
    await until(() => service.pending() === 1, "the list request")
    await act(async () => service.answerAll())
    await until(() => texts()[0] === "ada,bo", "the list")
    act(() => button("follow").click())
    assert.deepStrictEqual(texts(), ["ada,bo,user404 …"])
    await until(() => service.pending() === 1, "the POST")
    await act(async () => service.answerAll())
    await until(() => button("follow").textContent === "failed 403", "the failure")
    assert.deepStrictEqual(texts(), ["ada,bo"])
    assert.deepStrictEqual(service.paths(), ["GET /v1/users/1/friends", "POST /v1/users/404/follow"])
  })
})
