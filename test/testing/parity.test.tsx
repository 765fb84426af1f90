// @vitest-environment happy-dom
/**
 * The test layer is shaped like the page's: for every combination of a signer and a challenge flow,
 * `testPlatformLayer(handler, config, { signing, challenges })` provides every service
 * `browserPlatformLayer({ signer: Signing.browser, challenges: Challenges.browser })` provides
 * (checked by `tsc` on the types below), so an app's `createPlatformHooks(appLayer)` Provider takes the app's
 * clients over the test layer in place of the page's, challenges on or off (and so does the server's
 * `serverPlatformLayer`). The rendered case runs the app's
 * Provider over the test layer with a `<ChallengeHost/>` mounted.
 */
import * as Layer from "effect/Layer"
import { browserPlatformLayer, type BrowserPlatformServices, serverPlatformLayer } from "platform-web-client"
import { UsersApi } from "platform-web-client/api/users"
import { Challenges } from "platform-web-client/challenge"
import { UsersClient } from "platform-web-client/clients"
import { ChallengeHost, createPlatformHooks, endpointQuery } from "platform-web-client/react"
import { Signing } from "platform-web-client/signing"
import { jsonResponse, testPlatformLayer } from "platform-web-client/testing"
import { mswPlatformLayer } from "platform-web-client/testing/msw"
import { act } from "react"
import { assert, describe, it } from "vitest"
import { until, useDom } from "../react/dom.ts"

/** True when every service of `Small` is one of `Big`'s. */
type Covers<Big, Small> = [Small] extends [Big] ? true : false
const expectTrue = <T extends true>(): T | undefined => undefined

/** The page's services with a signer (`S`: `Signing.browser` or none) and a challenge flow (`C`: `Challenges.browser` or none). */
type Browser<S extends "signer" | "" = "", C extends "challenges" | "" = ""> = BrowserPlatformServices<
  S extends "signer" ? Layer.Success<typeof Signing.browser> : never,
  C extends "challenges" ? Layer.Success<typeof Challenges.browser> : never
>
type Test<O extends object> = Layer.Success<ReturnType<typeof testPlatformLayer<O>>>
type Msw<O extends object> = Layer.Success<ReturnType<typeof mswPlatformLayer<O>>>
type Server<O extends { config: object }> = Layer.Success<ReturnType<typeof serverPlatformLayer<O>>>

expectTrue<Covers<Test<{}>, Browser>>()
expectTrue<Covers<Test<{ signing: true }>, Browser<"signer">>>()
expectTrue<Covers<Test<{ challenges: true }>, Browser<"", "challenges">>>()
expectTrue<Covers<Test<{ signing: true; challenges: true }>, Browser<"signer", "challenges">>>()
expectTrue<Covers<Test<{ challenges: { script: () => [] } }>, Browser<"", "challenges">>>()
expectTrue<Covers<Msw<{}>, Browser>>()
expectTrue<Covers<Msw<{ signing: true; challenges: true }>, Browser<"signer", "challenges">>>()
// and so is the server's (SSR)
expectTrue<Covers<Server<{ config: {} }>, Browser>>()
expectTrue<Covers<Server<{ config: {}; challenges: true }>, Browser<"signer", "challenges">>>()
// the check can fail: without the challenge flow the test layer lacks the page's ChallengeComponent
// @ts-expect-error ChallengeComponent is not provided by a test layer without challenges
expectTrue<Covers<Test<{}>, Browser<"", "challenges">>>()

const handler = () => jsonResponse({ id: 1, name: "ada", displayName: "Ada" })

/** An app on the page's layer with `options`, and the same clients over the test layer with the same options. */
const pages = {
  none: createPlatformHooks(UsersClient.layer.pipe(Layer.provideMerge(browserPlatformLayer()))),
  signing: createPlatformHooks(
    UsersClient.layer.pipe(Layer.provideMerge(browserPlatformLayer({ signer: Signing.browser })))
  ),
  challenges: createPlatformHooks(
    UsersClient.layer.pipe(Layer.provideMerge(browserPlatformLayer({ challenges: Challenges.browser })))
  ),
  both: createPlatformHooks(
    UsersClient.layer.pipe(
      Layer.provideMerge(browserPlatformLayer({ signer: Signing.browser, challenges: Challenges.browser }))
    )
  )
}

// every Provider accepts the clients over the test layer with the same options (a type error otherwise)
const withoutChallenges = UsersClient.layer.pipe(Layer.provideMerge(testPlatformLayer(handler)))
export const providers = [
  <pages.none.Provider key="none" layer={UsersClient.layer.pipe(Layer.provideMerge(testPlatformLayer(handler)))} />,
  <pages.signing.Provider
    key="signing"
    layer={UsersClient.layer.pipe(Layer.provideMerge(testPlatformLayer(handler, {}, { signing: true })))}
  />,
  <pages.challenges.Provider
    key="challenges"
    layer={UsersClient.layer.pipe(Layer.provideMerge(testPlatformLayer(handler, {}, { challenges: true })))}
  />,
  <pages.both.Provider
    key="both"
    layer={UsersClient.layer.pipe(
      Layer.provideMerge(testPlatformLayer(handler, {}, { signing: true, challenges: true }))
    )}
  />,
  // @ts-expect-error the app raises challenges: a test layer without them lacks its ChallengeComponent
  <pages.challenges.Provider key="without challenges" layer={withoutChallenges} />
]

const MeQuery = endpointQuery(UsersClient, UsersApi, "users", "getAuthenticatedUser")

function Me() {
  const me = pages.both.useQuery(MeQuery)
  return <p>{me._tag === "Success" ? me.value.displayName : me._tag}</p>
}

describe("testPlatformLayer in an app's Provider", () => {
  const dom = useDom()

  it("the app of a page with signing and challenges renders over the test layer, its ChallengeHost attached", async () => {
    const layer = UsersClient.layer.pipe(
      Layer.provideMerge(
        testPlatformLayer(handler, { user: { id: 1, authenticated: true } }, { signing: true, challenges: true })
      )
    )
    act(() =>
      dom.root.render(
        <pages.both.Provider layer={layer}>
          <Me />
          <ChallengeHost />
        </pages.both.Provider>
      )
    )
    await until(() => dom.container.querySelector("p")?.textContent === "Ada", "the user")
    await until(() => dom.container.querySelector("[role=dialog]") !== null, "the challenge host")
    const dialog = dom.container.querySelector("[role=dialog]")!
    assert.isTrue(dialog.hasAttribute("hidden"))
  })
})
