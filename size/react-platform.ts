// The baseline of a platform page in React before its data layer: the empty React app plus the core layer
// (browserPlatformLayer in a PlatformProvider) and one effect per component (useEffectResult over PlatformHttp).
import * as Schema from "effect/Schema"
import { createElement } from "react"
import { createRoot } from "react-dom/client"
import { browserPlatformLayer, PlatformHttp } from "platform-web-client"
import { PlatformProvider, useEffectResult } from "platform-web-client/react"

const Friends = Schema.Array(Schema.String)

function Page() {
  const friends = useEffectResult(
    () =>
      PlatformHttp.use((http) => http.get({ service: "friends", path: "/v1/users/1/friends" }, { schema: Friends })),
    []
  )
  return createElement("p", null, friends._tag === "Success" ? friends.value.join(", ") : friends._tag)
}

createRoot(document.getElementById("root")!).render(
  createElement(PlatformProvider<PlatformHttp>, { layer: browserPlatformLayer() }, createElement(Page))
)
