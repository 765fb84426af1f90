import { assert, describe, it } from "vitest"
import { isSecretParameter, maxParameters, maxTextLength, redactUrl, redactUrlIn, redactUrlsIn } from "../../../src/core/text/redactUrl.ts"

describe("redactUrl", () => {
  it("keeps an ordinary URL as it was written", () => {
    assert.strictEqual(redactUrl("https://apis.example.com/v1/users?limit=10&cursor=a%20b"), "https://apis.example.com/v1/users?limit=10&cursor=a%20b")
  })

  it("replaces the values of secret-looking parameters, whatever their case or encoding, and keeps the others", () => {
    assert.strictEqual(
      redactUrl("https://x.example.com/p?id=5&access_token=t1&X-Amz-Signature=s2&api%5Fkey=k3&Code=c4&sessionId=s5&page=2"),
      "https://x.example.com/p?id=5&access_token=[redacted]&X-Amz-Signature=[redacted]&api%5Fkey=[redacted]&Code=[redacted]&sessionId=[redacted]&page=2"
    )
    assert.strictEqual(redactUrl("https://x.example.com/p?token"), "https://x.example.com/p?token=[redacted]")
  })

  it("drops user name and password, and hides a fragment", () => {
    assert.strictEqual(redactUrl("https://ann:pw-secret@x.example.com/a#access_token=f1"), "https://x.example.com/a#[redacted]")
  })

  it("shows a relative URL from its path on; another scheme by its scheme alone; garbage as unparsable", () => {
    assert.strictEqual(redactUrl("/v1/things?csrf=abc"), "/v1/things?csrf=[redacted]")
    assert.strictEqual(redactUrl("//evil.example.net/x?sig=1"), "http://evil.example.net/x?sig=[redacted]")
    assert.strictEqual(redactUrl("data:text/plain,secret"), "data:[redacted]")
    assert.strictEqual(redactUrl("http://[::1"), "[unparsable URL]")
  })

  it("names: secret words anywhere in the name; a malformed escape judged as written", () => {
    for (const name of ["token", "idToken", "client_secret", "signature", "sig", "auth", "apikey", "password", "pwd", "ticket", "csrf", "jwt", "otp", "nonce", "code", "state", "hmac", "code_verifier", "linkCode", "privateServerLinkCode", "accessCode"]) {
      assert.isTrue(isSecretParameter(name), name)
    }
    for (const name of ["id", "limit", "cursor", "userIds", "sortOrder", "zipcode2", "languageCode", "localeCode", "states"]) assert.isFalse(isSecretParameter(name), name)
    assert.isTrue(isSecretParameter("%E0%A4%Atoken"))
  })
})

describe("redactUrlIn (a text that mentions a URL: an error's message)", () => {
  const url = "https://user:pw@x.example.com/v1/users?token=SECRET%2B1&x=1#frag-value"

  it("shows the URL redacted, and blanks out its secret parts wherever else they appear, as written or decoded", () => {
    assert.strictEqual(
      redactUrlIn(`Request to ${url} failed: SECRET+1 (SECRET%2B1) is not valid; frag-value`, url),
      "Request to https://x.example.com/v1/users?token=[redacted]&x=1#[redacted] failed: [redacted] ([redacted]) is not valid; [redacted]"
    )
  })

  it("leaves the user name beside a password (a word like `user` stays in paths), but blanks a token written as the user", () => {
    assert.strictEqual(redactUrlIn(`${url} for user 5`, url), "https://x.example.com/v1/users?token=[redacted]&x=1#[redacted] for user 5")
    const tokenAsUser = "https://ghp_0123abcd@git.example.com/repo"
    assert.strictEqual(redactUrlIn(`push to ${tokenAsUser} as ghp_0123abcd`, tokenAsUser), "push to https://git.example.com/repo as [redacted]")
  })

  it("a relative URL, a URL the parser rejects, a text without the URL, parts too short to blank", () => {
    assert.strictEqual(redactUrlIn("GET /a?sig=abcd1234 failed", "/a?sig=abcd1234"), "GET /a?sig=[redacted] failed")
    assert.strictEqual(redactUrlIn("GET http://[::1/?token=SECRET failed", "http://[::1/?token=SECRET"), "GET [unparsable URL] failed")
    assert.strictEqual(redactUrlIn("the server says SECRET%2B1", url), "the server says [redacted]")
    assert.strictEqual(redactUrlIn("id ab and ab", "https://h.example.com/?token=ab"), "id ab and ab")
  })
})

describe("redactUrlsIn (a text whose URLs are not known beforehand)", () => {
  it("shows every absolute http(s) URL in the text redacted, and leaves the rest as written", () => {
    assert.strictEqual(
      redactUrlsIn("import of https://cdn.example.net/a.js?Signature=S1&x=1 failed (see \"http://u:p@h.example.com/b#t\"); code=5"),
      "import of https://cdn.example.net/a.js?Signature=[redacted]&x=1 failed (see \"http://h.example.com/b#[redacted]\"); code=5"
    )
    assert.strictEqual(redactUrlsIn("no URL here, token=abc"), "no URL here, token=abc")
  })
})


describe("a parameter's value that is itself a URL (a login page's returnUrl)", () => {
  const loginPage = "https://www.example.com/login?returnUrl=https%3A%2F%2Fwww.example.com%2Fgames%2F1%3FprivateServerLinkCode%3DSECRET"

  it("is shown redacted by the same rule, encoded again as it was written, and still a valid parameter value", () => {
    const shown = redactUrl(loginPage)
    assert.strictEqual(shown, "https://www.example.com/login?returnUrl=https%3A%2F%2Fwww.example.com%2Fgames%2F1%3FprivateServerLinkCode%3D[redacted]")
    assert.strictEqual(new URL(shown).searchParams.get("returnUrl"), "https://www.example.com/games/1?privateServerLinkCode=[redacted]")
  })

  it("a path with a query or a fragment, written raw or encoded; user info in an encoded URL; an encoded `;` pair", () => {
    assert.strictEqual(redactUrl("https://x.example.com/a?next=/games/1?code=SECRET&x=1"), "https://x.example.com/a?next=/games/1?code=[redacted]&x=1")
    assert.strictEqual(redactUrl("https://x.example.com/a?next=%2Fgames%2F1%23access_token%3DT0KEN"), "https://x.example.com/a?next=%2Fgames%2F1%23[redacted]")
    assert.strictEqual(redactUrl("https://x.example.com/a?r=https%3A%2F%2Fann%3Apw1234%40y.example.com%2Fz"), "https://x.example.com/a?r=https%3A%2F%2Fy.example.com%2Fz")
    assert.strictEqual(redactUrl("https://x.example.com/a?r=%2Fz%3Fa%3D1%3Btoken%3DSECRET"), "https://x.example.com/a?r=%2Fz%3Fa%3D1%3Btoken%3D[redacted]")
  })

  it("a URL encoded twice is found and encoded twice again; nested three levels deep, each level is redacted", () => {
    const twice = encodeURIComponent(encodeURIComponent("https://a.example.com/x?token=SECRET&y=2"))
    assert.strictEqual(redactUrl(`https://x.example.com/a?returnUrl=${twice}`), `https://x.example.com/a?returnUrl=https%253A%252F%252Fa.example.com%252Fx%253Ftoken%253D[redacted]%2526y%253D2`)
    const level3 = "https://c.example.com/3?sid=S3CRET3"
    const level2 = `https://b.example.com/2?next=${encodeURIComponent(level3)}&state=S3CRET2`
    const level1 = `/1?returnUrl=${encodeURIComponent(level2)}`
    assert.strictEqual(
      redactUrl(`https://a.example.com/0?r=${encodeURIComponent(level1)}`),
      `https://a.example.com/0?r=${encodeURIComponent(`/1?returnUrl=${encodeURIComponent(`https://b.example.com/2?next=${encodeURIComponent("https://c.example.com/3?sid=[redacted]")}&state=[redacted]`)}`)}`
        .replace(/%(25)*5B/g, "[").replace(/%(25)*5D/g, "]")
    )
  })

  it("a URL nested deeper than three levels is shown as one [redacted]", () => {
    const level4 = encodeURIComponent("https://e.example.com/4?x=1")
    const level3 = encodeURIComponent(`https://d.example.com/3?next=${level4}`)
    const level2 = encodeURIComponent(`https://c.example.com/2?next=${level3}`)
    const level1 = encodeURIComponent(`https://b.example.com/1?next=${level2}`)
    assert.strictEqual(
      redactUrl(`https://a.example.com/0?next=${level1}`),
      `https://a.example.com/0?next=${encodeURIComponent(`https://b.example.com/1?next=${encodeURIComponent(`https://c.example.com/2?next=${encodeURIComponent("https://d.example.com/3?next=[redacted]")}`)}`)}`
        .replace(/%(25)*5B/g, "[").replace(/%(25)*5D/g, "]")
    )
  })

  it("a nested URL with nothing to hide, and a value that is not a URL, are shown as written", () => {
    for (const url of [
      "https://x.example.com/a?returnUrl=https%3a%2f%2fwww.example.com%2Fhome%3Ftab%3D2",
      "https://x.example.com/a?next=/home&q=a%2Fb%3Fc&path=%2Fa%2Fb&t=http"
    ]) assert.strictEqual(redactUrl(url), url)
  })

  it("redactUrlIn blanks a nested secret elsewhere in the text: decoded, and as written at each level of encoding", () => {
    const inner = `https://www.example.com/games/1?privateServerLinkCode=${encodeURIComponent("S3CRET+1/x")}`
    const url = `https://www.example.com/login?returnUrl=${encodeURIComponent(inner)}`
    assert.strictEqual(
      redactUrlIn(`GET ${url} failed: code S3CRET+1/x (S3CRET%2B1%2Fx, S3CRET%252B1%252Fx) is not valid`, url),
      `GET ${redactUrl(url)} failed: code [redacted] ([redacted], [redacted]) is not valid`
    )
  })
})

describe("names: separators, array-style names, sid and bearer; ordinary names still shown", () => {
  it("recognises every spelling of the multi-word names, bracketed names by their parts, sid and bearer", () => {
    for (const name of [
      "access_code", "access-code", "access.code", "accesscode", "AccessCode", "ACCESS_CODE", "access%20code",
      "link_code", "link-code", "private.server.link.code", "private_server_link_code",
      "code[]", "code%5B%5D", "token[0]", "state[]", "user[password]", "filter[code]",
      "sid", "SID", "_sid", "sid[]", "PHPSESSID", "bearer", "bearer_token", "Authorization-Bearer", "api-key", "client.secret"
    ]) assert.isTrue(isSecretParameter(name), name)
    for (const name of ["page", "cursor", "sortOrder", "limit", "userId", "placeId", "returnUrl", "sidebar", "consider", "codes", "states[]", "zip_code"]) {
      assert.isFalse(isSecretParameter(name), name)
    }
  })

  it("redacts such names in a URL", () => {
    assert.strictEqual(
      redactUrl("https://x.example.com/p?access_code=A1&code[]=C2&token%5B0%5D=T3&state[]=S4&sid=S5&bearer=B6&page=2&cursor=c7"),
      "https://x.example.com/p?access_code=[redacted]&code[]=[redacted]&token%5B0%5D=[redacted]&state[]=[redacted]&sid=[redacted]&bearer=[redacted]&page=2&cursor=c7"
    )
  })
})

describe("pairs separated by `;`", () => {
  it("a secret after `;` is redacted; the separators are kept as written", () => {
    assert.strictEqual(
      redactUrl("https://x.example.com/p?a=1;token=SECRET;b=2&sid=S2;c"),
      "https://x.example.com/p?a=1;token=[redacted];b=2&sid=[redacted];c"
    )
    const url = "https://x.example.com/p?a=1;token=SECRET9"
    assert.strictEqual(redactUrlIn(`${url} said SECRET9`, url), "https://x.example.com/p?a=1;token=[redacted] said [redacted]")
  })
})

describe("bounded cost", () => {
  it(`examines at most ${maxParameters} parameters per URL (all nesting levels together); the rest is one [redacted]`, () => {
    const first = Array.from({ length: maxParameters - 1 }, (_, i) => `p${i}=v${i}`).join("&")
    const url = `https://x.example.com/p?${first}&token=T0KEN&x1=1;pw=SECRET2&x3=3`
    assert.strictEqual(redactUrl(url), `https://x.example.com/p?${first}&token=[redacted]&[redacted]`)
    assert.strictEqual(redactUrlIn(`${url} said x1=1;pw=SECRET2&x3=3`, url), `${redactUrl(url)} said [redacted]`)
  })

  it("a pathological input: 20,000 secret parameters and 100 KB of text echoing their values", () => {
    const params = Array.from({ length: 20_000 }, (_, i) => `token${i}=secretvalue${i}`)
    const url = `https://x.example.com/p?${params.join("&")}`
    const echo = "lorem ipsum secretvalue1 ".repeat(4_000)
    const shown = `https://x.example.com/p?${params.slice(0, maxParameters).map((p) => p.replace(/=.*/, "=[redacted]")).join("&")}&[redacted]`
    assert.strictEqual(redactUrl(url), shown)
    assert.strictEqual(redactUrlIn(`Request to ${url} failed: ${echo}`, url), `Request to ${shown}…`)
    const blanked = "lorem ipsum [redacted] ".repeat(4_000)
    const cut = redactUrlIn(`failed: ${echo}`, url)
    assert.strictEqual(cut, `failed: ${blanked}`.slice(0, cut.length - 1) + "…")
    assert.isAtMost(cut.length, maxTextLength + 1)
    assert.notInclude(cut, "secretvalue")
  })

  it(`reads at most ${maxTextLength} characters of the text; a secret written across the cut is blanked whole`, () => {
    const url = "https://x.example.com/p?token=SECRET12345"
    const head = "x".repeat(maxTextLength - 3)
    assert.strictEqual(redactUrlIn(`${head}SECRET12345 and more`, url), `${head}[redacted]…`)
    assert.strictEqual(redactUrlIn(`${head}abc${url}`, url), `${head}abc…`)
    assert.strictEqual(redactUrlIn(`${head}ab${url} tail`, url), `${head}ab${redactUrl(url)}…`)
  })
})

describe("redactUrlsIn: array-style names and values written with brackets or parentheses", () => {
  it("reads a URL to the next space or quote, so a bracketed name or a parenthesised value is not cut off", () => {
    assert.strictEqual(
      redactUrlsIn("see https://x.example.com/p?token[]=SECRET1&code=(SECRET2) now"),
      "see https://x.example.com/p?token[]=[redacted]&code=[redacted] now"
    )
  })
})
