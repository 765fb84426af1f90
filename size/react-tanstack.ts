// The same page as size/react-query.ts with TanStack Query: QueryClientProvider, useQuery, useMutation that
// invalidates the query, and hydration of the server's state.
import {
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
  useQueryClient
} from "@tanstack/react-query"
import { createElement } from "react"
import { createRoot } from "react-dom/client"

function Page() {
  const client = useQueryClient()
  const friends = useQuery({
    queryKey: ["friends", 1],
    queryFn: () => fetch("/friends/1").then((r) => r.json() as Promise<Array<string>>),
    staleTime: 30_000
  })
  const follow = useMutation({
    mutationFn: (userId: number) => fetch(`/follow/${userId}`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["friends", 1] })
  })
  return createElement(
    "div",
    null,
    createElement("p", null, friends.data !== undefined ? friends.data.join(", ") : friends.status),
    createElement("button", { onClick: () => follow.mutate(2) }, follow.status)
  )
}

const state = document.getElementById("state")?.textContent
const client = new QueryClient()
createRoot(document.getElementById("root")!).render(
  createElement(
    QueryClientProvider,
    { client },
    createElement(HydrationBoundary, { state: state ? JSON.parse(state) : undefined }, createElement(Page))
  )
)
