/**
 * The page tags the emulator renders (src/emulator/www/pageTags.ts, devTags.ts) and where they go in a page
 * (withPageTags.ts): the real site's tags exactly, attributes escaped, and the dev mode's configuration tags.
 */
import { assert, describe, it } from "@effect/vitest"
import { prefixedBaseUrls } from "../../src/core/config/PlatformConfig.ts"
import { devModeTags } from "../../src/emulator/www/devTags.ts"
import { boundAuthTokenWhitelist, csrfTokenTag, formatCreated, realHeadTags } from "../../src/emulator/www/pageTags.ts"
import { injectPageTags } from "../../src/emulator/www/withPageTags.ts"

/** The tags that do not depend on the page, as the real site writes them. */
const fixedTags = [
  `<meta name="locale-data" data-language-code="en_us" data-language-name="English" data-url-locale="" data-override-language-header="false">`,
  `<meta name="device-meta" data-device-type="computer" data-app-type="unknown" data-is-in-app="false" data-is-desktop="true" ` +
    `data-is-phone="false" data-is-tablet="false" data-is-console="false" data-is-android-app="false" data-is-ios-app="false" ` +
    `data-is-uwp-app="false" data-is-xbox-app="false" data-is-amazon-app="false" data-is-win32-app="false" data-is-studio="false" ` +
    `data-is-game-client-browser="false" data-is-ios-device="false" data-is-android-device="false" data-is-universal-app="false" ` +
    `data-is-chrome-os="false" data-is-pcgdk-app="false" data-is-samsung-galaxy-store-app="false">`
]

const hbaTag = (whitelist: string) =>
  `<meta name="hardware-backed-authentication-data" data-is-bound-auth-token-enabled="true" ` +
  `data-is-secure-authentication-intent-enabled="true" data-bound-auth-token-whitelist="${whitelist}" ` +
  `data-bound-auth-token-exemptlist="{&quot;Exemptlist&quot;:[]}" data-hba-indexed-db-name="hbaDB" ` +
  `data-hba-indexed-db-obj-store-name="hbaObjectStore" data-hba-indexed-db-key-name="hba_keys" ` +
  `data-hba-indexed-db-version="1" data-bat-event-sample-rate="500">`

const trailingTags = [
  `<meta name="page-retry-header-enabled" data-retry-attempt-header-enabled="True">`,
  `<meta name="thumbnail-meta-data" data-is-webapp-cache-enabled="False" data-webapp-cache-expirations-timespan="00:01:00" ` +
    `data-request-min-cooldown="1000" data-request-max-cooldown="30000" data-request-max-retry-attempts="5" ` +
    `data-request-batch-size="100" data-thumbnail-metrics-sample-size="20" data-concurrent-thumbnail-request-count="4">`,
  `<meta name="performance" data-ui-performance-metrics-batch-wait-time="00:00:10" data-ui-performance-metrics-batch-size="50">`
]

describe("the real site's tags", () => {
  it("a signed-in user's page: user-data first, then the site's tags, every value escaped", () => {
    const tags = realHeadTags({
      domain: "platform.test",
      isTestingSite: false,
      user: {
        id: 42,
        name: `Max"<&>`,
        displayName: "Max 'M'",
        createdMs: Date.UTC(2024, 9, 15, 2, 50, 33),
        hasVerifiedBadge: true
      },
      apiHosts: ["users.platform.test", "apis.platform.test"],
      pageName: "Home"
    })
    assert.strictEqual(
      tags,
      [
        `<meta name="user-data" data-userid="42" data-name="Max&quot;&lt;&amp;&gt;" data-displayName="Max &#39;M&#39;" ` +
          `data-isunder13="false" data-created="10/15/2024 02:50:33" data-ispremiumuser="false" data-hasverifiedbadge="true">`,
        `<meta name="environment-meta" data-domain="platform.test" data-is-testing-site="false">`,
        hbaTag(
          "{&quot;Whitelist&quot;:[{&quot;apiSite&quot;:&quot;users.platform.test&quot;,&quot;sampleRate&quot;:&quot;100&quot;}, " +
            "{&quot;apiSite&quot;:&quot;apis.platform.test&quot;,&quot;sampleRate&quot;:&quot;100&quot;}, " +
            "{&quot;apiSite&quot;:&quot;jQuery&quot;,&quot;sampleRate&quot;:&quot;1000000&quot;}]}"
        ),
        ...fixedTags,
        `<meta name="page-meta" data-internal-page-name="Home">`,
        ...trailingTags
      ].join("\n")
    )
  })

  it("a guest's page has no user-data (its absence is the signed-out state)", () => {
    const tags = realHeadTags({
      domain: "platform.test",
      isTestingSite: true,
      user: undefined,
      apiHosts: [],
      pageName: ""
    })
    assert.notInclude(tags, "user-data")
    assert.isTrue(
      tags.startsWith(`<meta name="environment-meta" data-domain="platform.test" data-is-testing-site="true">\n`)
    )
  })

  it("the whitelist is JSON with string sample rates, entries separated by a comma and a space, the jQuery rollout last", () => {
    const whitelist = boundAuthTokenWhitelist(["a.test"])
    assert.strictEqual(
      whitelist,
      `{"Whitelist":[{"apiSite":"a.test","sampleRate":"100"}, {"apiSite":"jQuery","sampleRate":"1000000"}]}`
    )
    assert.deepStrictEqual(
      JSON.parse(whitelist).Whitelist.map((e: { sampleRate: unknown }) => typeof e.sampleRate),
      ["string", "string"]
    )
  })

  it("sign-up times as M/D/YYYY HH:mm:ss (UTC), and the csrf-token tag", () => {
    assert.strictEqual(formatCreated(Date.UTC(2023, 0, 5, 14, 3, 9)), "1/5/2023 14:03:09")
    assert.strictEqual(csrfTokenTag(`ab"c`), `<meta name="csrf-token" data-token="ab&quot;c">`)
  })
})

describe("the dev mode's configuration tags", () => {
  it("say every service's base URL, the own hosts, signing for the services' origin, retries and the frame's parents", () => {
    const origin = "http://127.0.0.1:4010"
    const wwwOrigin = "http://127.0.0.1:4011"
    const lines = devModeTags({ origin, wwwOrigin, baseUrls: prefixedBaseUrls(origin, wwwOrigin) }).split("\n")
    assert.strictEqual(lines.length, 4)
    assert.isTrue(
      lines[0]!.startsWith(
        `<meta name="platform-hosts" data-www="http://127.0.0.1:4011" data-apis="http://127.0.0.1:4010/apis" `
      )
    )
    assert.include(lines[0]!, ` data-api-gateway="http://127.0.0.1:4010/apiGateway" `)
    assert.include(
      lines[0]!,
      ` data-hba="http://127.0.0.1:4010/hba" data-own-hosts="http://127.0.0.1:4010, http://127.0.0.1:4011">`
    )
    assert.deepStrictEqual(lines.slice(1), [
      `<meta name="hba-meta" data-enabled="true" data-allowed-hosts="http://127.0.0.1:4010" data-sample-rate-per-million="1000000" ` +
        `data-event-sample-rate-per-million="1000000" data-database-name="hbaDB" data-store-name="hbaObjectStore" ` +
        `data-key-name="hba_keys" data-token-format="5-field">`,
      `<meta name="site-flags" data-retry-attempt-header="true">`,
      `<meta name="hba-frame" data-allowed-parent-origins="http://127.0.0.1:4010, http://127.0.0.1:4011">`
    ])
  })
})

describe("injectPageTags", () => {
  const tags = { head: "<meta name=h>", body: "<meta name=b>" }

  it("puts the head tags right after <meta charset> and the token at the start of <body>", () => {
    assert.strictEqual(
      injectPageTags(
        `<!doctype html><html><head><title>t</title><meta charset="utf-8"></head><body class="x"><p>hi</p></body></html>`,
        tags
      ),
      `<!doctype html><html><head><title>t</title><meta charset="utf-8">\n<meta name=h></head><body class="x">\n<meta name=b><p>hi</p></body></html>`
    )
  })

  it("without <meta charset>: right after <head>; a charset meta after </head> does not count", () => {
    assert.strictEqual(
      injectPageTags(`<HTML><HEAD lang=en></HEAD><BODY><meta charset=utf-8></BODY></HTML>`, tags),
      `<HTML><HEAD lang=en>\n<meta name=h></HEAD><BODY>\n<meta name=b><meta charset=utf-8></BODY></HTML>`
    )
  })

  it("a page without <head> or <body> gets them where a browser would infer them", () => {
    assert.strictEqual(
      injectPageTags(`<!doctype html><title>app</title>`, tags),
      `<!doctype html>\n<head>\n<meta name=h>\n</head><title>app</title>\n<meta name=b>`
    )
    assert.strictEqual(injectPageTags(`<p>x</p>`, tags), `<head>\n<meta name=h>\n</head>\n<p>x</p>\n<meta name=b>`)
  })
})
