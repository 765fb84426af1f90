// usePager over the React core page (../react-platform.ts): a paged list in a component.
import "../react-platform.ts"
import * as Effect from "effect/Effect"
import { browserPlatformLayer } from "platform-web-client"
import { PlatformProvider, usePager } from "platform-web-client/react"
import { createRoot } from "react-dom/client"

function List() {
  const list = usePager({
    pageSize: 10,
    fetch: (request) => Effect.succeed({ items: [request.cursor ?? "first"], nextPageCursor: undefined })
  })
  return (
    <button disabled={!list.canNext} onClick={list.next}>
      {list.items.join(", ")}
    </button>
  )
}

createRoot(document.getElementById("list")!).render(
  <PlatformProvider layer={browserPlatformLayer()}>
    <List />
  </PlatformProvider>
)
