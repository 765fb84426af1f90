/**
 * Host mode's routing table (src/emulator/hostRoutes.ts): which origin and internal path each host and path of a
 * real domain reaches, derived from `subdomainBaseUrls` and the paths the services serve.
 */
import { assert, describe, it } from "@effect/vitest"
import { hostRouter } from "../../src/emulator/hostRoutes.ts"

/** Paths as the services' origin serves them (a few of each kind). */
const served = [
  "/users/v1/users",
  "/hba/hba-service/v1/getServerNonce",
  "/hba/v1/sign-in",
  "/hba/openapi.json",
  "/apis/account-security-service/v1/metrics/record",
  "/apis/analytics/v1/events",
  "/apiGateway/universal-app-configuration/v1/behaviors/:name/content",
  "/apiGateway/guac-v2/v1/bundles/:name",
  "/apiGateway/openapi.json",
  "/challenge/v1/continue",
  "/shareLinks/v1/resolve-link",
  "/admin/health"
]

const route = hostRouter("platform.test", served)

describe("hostRouter", () => {
  it("sends www to the www origin and the emulator's sub-domain to the services' origin, paths unchanged", () => {
    assert.deepStrictEqual(route("www.platform.test", "/hba/iframe?x=1"), { server: "www", url: "/hba/iframe?x=1" })
    assert.deepStrictEqual(route("emulator.platform.test", "/admin/health"), { server: "api", url: "/admin/health" })
    assert.deepStrictEqual(route("emulator.platform.test", "/users/v1/users"), {
      server: "api",
      url: "/users/v1/users"
    })
  })

  it("sends the site's other page sites (create, advertise) to the www origin, paths unchanged", () => {
    assert.deepStrictEqual(route("create.platform.test", "/?a=1"), { server: "www", url: "/?a=1" })
    assert.deepStrictEqual(route("advertise.platform.test", "/campaigns"), { server: "www", url: "/campaigns" })
    for (const host of ["a.create.platform.test", "create.platform.test.evil", "creates.platform.test"]) {
      assert.isUndefined(route(host, "/"), host)
    }
  })

  it("sends a service's own sub-domain to that service (its name in lower case)", () => {
    assert.deepStrictEqual(route("users.platform.test", "/v1/users?x=1"), { server: "api", url: "/users/v1/users?x=1" })
    assert.deepStrictEqual(route("gameinternationalization.platform.test", "/v1/x"), {
      server: "api",
      url: "/gameInternationalization/v1/x"
    })
    assert.deepStrictEqual(route("thumbnails.platform.test", "/cdn/thumbs/a.svg"), {
      server: "api",
      url: "/cdn/thumbs/a.svg"
    })
  })

  it("routes the apis gateway by a service's prefix there, else by the first segment its routes serve", () => {
    const cases: ReadonlyArray<readonly [string, string | undefined]> = [
      ["/challenge/v1/continue", "/challenge/v1/continue"],
      ["/challenge", "/challenge"],
      ["/sharelinks/v1/resolve-link?a=b", "/shareLinks/v1/resolve-link?a=b"],
      ["/deeplinks/v2/resolve", "/deepLinks/v2/resolve"],
      ["/hba-service/v1/getServerNonce", "/hba/hba-service/v1/getServerNonce"],
      ["/v1/sign-in", "/hba/v1/sign-in"],
      ["/account-security-service/v1/metrics/record", "/apis/account-security-service/v1/metrics/record"],
      ["/analytics/v1/events", "/apis/analytics/v1/events"],
      [
        "/universal-app-configuration/v1/behaviors/x/content",
        "/apiGateway/universal-app-configuration/v1/behaviors/x/content"
      ],
      ["/guac-v2/v1/bundles/x", "/apiGateway/guac-v2/v1/bundles/x"],
      // served by two services at the gateway's root: no route
      ["/openapi.json", undefined],
      ["/challengeX/v1", undefined],
      ["/users/v1/users", undefined],
      ["/", undefined]
    ]
    for (const [path, internal] of cases) {
      assert.deepStrictEqual(
        route("apis.platform.test", path),
        internal === undefined ? undefined : { server: "api", url: internal },
        path
      )
    }
  })

  it("gives no route to other hosts: the domain itself, deeper or unknown names, look-alikes", () => {
    for (const host of [
      "platform.test",
      "a.users.platform.test",
      "groups.platform.test",
      "users.platform.test.evil",
      "evil.example"
    ]) {
      assert.isUndefined(route(host, "/v1/users"), host)
    }
  })
})
