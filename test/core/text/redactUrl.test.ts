import { assert, describe, it } from "vitest"
import { isSecretName } from "../../../src/core/text/secretNames.ts"
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

  it("blanks the user name too, beside a password (`https://TOKEN:x-oauth-basic@…`) or alone; one shorter than 4 characters stays", () => {
    const tokenAsUser = "https://TOKEN123456:x-oauth-basic@github.example.com/o/r.git"
    assert.strictEqual(redactUrlIn(`clone of ${tokenAsUser} failed for TOKEN123456`, tokenAsUser), "clone of https://github.example.com/o/r.git failed for [redacted]")
    const alone = "https://ghp_0123abcd@git.example.com/repo"
    assert.strictEqual(redactUrlIn(`push to ${alone} as ghp_0123abcd`, alone), "push to https://git.example.com/repo as [redacted]")
    const short = "https://ann:pw-secret@x.example.com/a"
    assert.strictEqual(redactUrlIn(`${short} for ann: pw-secret`, short), "https://x.example.com/a for ann: [redacted]")
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

describe("a secret pair written in a value of any other shape: hidden, or the whole value hidden (fail closed)", () => {
  it("a relative path without `/`, a custom scheme, a socket URL, free text, JSON: each secret pair's value hidden, the rest as written", () => {
    for (const [url, shown] of [
      ["https://x.example.com/a?next=x/y?token=SECRET1234", "https://x.example.com/a?next=x/y?token=[redacted]"],
      ["https://x.example.com/a?next=myapp://cb?token=SECRET1234&page=2", "https://x.example.com/a?next=myapp://cb?token=[redacted]&page=2"],
      ["https://x.example.com/a?next=wss://rt.example.com/s?token=SECRET1234", "https://x.example.com/a?next=wss://rt.example.com/s?token=[redacted]"],
      ["https://x.example.com/a?msg=go%20to%20https://h.example.com/s?token=SECRET1234", "https://x.example.com/a?msg=go%20to%20https://h.example.com/s?token=[redacted]"],
      [
        "https://x.example.com/a?data=%7B%22returnTo%22%3A%22%2Fa%3Ftoken%3DSECRET1234%22%7D",
        "https://x.example.com/a?data=%7B%22returnTo%22%3A%22%2Fa%3Ftoken%3D[redacted]%22%7D"
      ],
      [
        "https://x.example.com/a?data=%7B%22access_token%22%3A%22SECRET1234%22%2C%22page%22%3A2%7D",
        "https://x.example.com/a?data=%7B%22access_token%22%3A%22[redacted]%22%2C%22page%22%3A2%7D"
      ],
      ["https://x.example.com/a?next=myapp://cb%23code%3DSECRET1234", "https://x.example.com/a?next=myapp%3A%2F%2Fcb%23code%3D[redacted]"]
    ]) assert.strictEqual(redactUrl(url!), shown, url)
  })

  it("a value still encoded after 3 decodings is shown as [redacted], a URL in it or not", () => {
    const times = (text: string, n: number) => Array.from({ length: n }).reduce<string>((t) => encodeURIComponent(t), text)
    assert.strictEqual(redactUrl(`https://x.example.com/a?r=${times("/a?token=SECRET1234", 4)}&page=2`), "https://x.example.com/a?r=[redacted]&page=2")
    assert.strictEqual(redactUrl(`https://x.example.com/a?r=${times("https://h.example.com/?token=SECRET1234", 5)}`), "https://x.example.com/a?r=[redacted]")
    assert.strictEqual(redactUrl(`https://x.example.com/a?r=${times("/a?token=SECRET1234", 3)}`), `https://x.example.com/a?r=${times("/a?token=[redacted]", 3).replace(/%(25)*5B/g, "[").replace(/%(25)*5D/g, "]")}`)
  })

  it("values with pairs of ordinary names, and ordinary text, are shown as written; an echo of a hidden value is blanked", () => {
    for (const url of ["https://x.example.com/a?q=a=b&note=x%3Dy", "https://x.example.com/a?next=myapp://cb?page=2", "https://x.example.com/a?msg=hello%20world"]) {
      assert.strictEqual(redactUrl(url), url)
    }
    const url = "https://x.example.com/a?next=myapp://cb?token=SECRET1234"
    assert.strictEqual(redactUrlIn(`${url} said SECRET1234`, url), "https://x.example.com/a?next=myapp://cb?token=[redacted] said [redacted]")
  })
})

describe("redactUrlsIn: the text around a URL stays; ws(s) URLs; a found URL's secrets blanked elsewhere", () => {
  it("keeps an unbalanced closing parenthesis or bracket, trailing punctuation and a stack frame's :line:column outside the URL", () => {
    for (const [text, shown] of [
      ["see (https://h.example.com/a?token=SECRET1234), then", "see (https://h.example.com/a?token=[redacted]), then"],
      ["at fn (https://cdn.example.com/app.js?token=X:10:5)", "at fn (https://cdn.example.com/app.js?token=[redacted]:10:5)"],
      ["at https://cdn.example.com/app.js?sig=S1G99:3:14", "at https://cdn.example.com/app.js?sig=[redacted]:3:14"],
      ["[https://h.example.com/a?token=SECRET1234]. Done.", "[https://h.example.com/a?token=[redacted]]. Done."],
      ["https://h.example.com/a?code=(SECRET2).", "https://h.example.com/a?code=[redacted]."]
    ]) assert.strictEqual(redactUrlsIn(text!), shown, text)
  })

  it("finds ws:// and wss:// URLs, and shows them like https ones", () => {
    assert.strictEqual(
      redactUrlsIn("socket wss://rt.example.com/s?token=SECRET1234 closed; ws://127.0.0.1:9/x?sid=S1D5 too"),
      "socket wss://rt.example.com/s?token=[redacted] closed; ws://127.0.0.1:9/x?sid=[redacted] too"
    )
    assert.strictEqual(redactUrl("wss://u:p4ss@rt.example.com/s?ticket=T1#f"), "wss://rt.example.com/s?ticket=[redacted]#[redacted]")
  })

  it("blanks each found URL's secrets wherever else the text echoes them", () => {
    assert.strictEqual(
      redactUrlsIn("https://h.example.com/a?next=https://i.example.com/?token=SECRET1234 and raw SECRET1234"),
      "https://h.example.com/a?next=https://i.example.com/?token=[redacted] and raw [redacted]"
    )
  })
})

describe("names added: pw, SAML, RelayState, refresh; `+` between words", () => {
  it("recognises them; ordinary names near them still show", () => {
    for (const name of ["pw", "PW", "user[pw]", "SAMLResponse", "SAMLRequest", "saml_token", "RelayState", "relay_state", "refresh", "Refresh", "refresh_token", "link%2Bcode", "access+code"]) {
      assert.isTrue(isSecretParameter(name), name)
    }
    for (const name of ["upward", "pwa", "autoRefresh", "refreshInterval", "relay", "sample", "page+size"]) assert.isFalse(isSecretParameter(name), name)
    assert.isTrue(isSecretName("access+code"))
    assert.strictEqual(redactUrl("https://x.example.com/acs?SAMLResponse=PHNhbWw%2B&RelayState=r1&pw=p&autoRefresh=1"), "https://x.example.com/acs?SAMLResponse=[redacted]&RelayState=[redacted]&pw=[redacted]&autoRefresh=1")
  })
})
