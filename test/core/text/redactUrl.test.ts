import { assert, describe, it } from "vitest"
import { maxParameters, maxTextLength, redactUrl, redactUrlIn, redactUrlsIn } from "../../../src/core/text/redactUrl.ts"
import {
  isPlain,
  isShownParameter,
  maxShownValueLength,
  shownParameterNames
} from "../../../src/core/text/shownParameters.ts"

describe("redactUrl: only the plain values of allow-listed parameters are shown", () => {
  it("keeps a URL whose parameters are all on the list, with plain values, as it was written (any case of a name)", () => {
    for (const url of [
      "https://apis.example.com/v1/users?limit=10&cursor=a%20b",
      "https://thumbnails.example.com/v1/games/icons?universeIds=1,2,3&returnPolicy=PlaceHolder&size=150x150&format=Png&isCircular=false",
      "https://games.example.com/v1/games/list?model.maxRows=40&model.sortOrder=Asc&model.startRows=0&UserIds=1%2C2&LIMIT=5",
      "https://gi.example.com/v1/x?startDateTime=2024-01-01T00:00:00Z&languageCode=en_us&cursor=2_1_abc%2Bdef%3D%3D"
    ])
      assert.strictEqual(redactUrl(url), url)
  })

  it("hides the value of every other parameter, whatever its name says: secrets named like secrets or not", () => {
    assert.strictEqual(
      redactUrl(
        "https://x.example.com/p?id=5&access_token=t1&X-Amz-Signature=s2&Key-Pair-Id=k3&Policy=p4&pin=1234&recoveryCode=r5" +
          "&.ROBLOSECURITY=c6&sessionId=s7&imageToken=i8&note=hello&page=2"
      ),
      "https://x.example.com/p?id=5&access_token=[redacted]&X-Amz-Signature=[redacted]&Key-Pair-Id=[redacted]&Policy=[redacted]" +
        "&pin=[redacted]&recoveryCode=[redacted]&.ROBLOSECURITY=[redacted]&sessionId=[redacted]&imageToken=[redacted]" +
        "&note=[redacted]&page=2"
    )
  })

  it("hides an allow-listed parameter's value that is not plain once decoded: a URL, escapes left, quotes, controls, non-ASCII, too long", () => {
    const tooLong = "1,".repeat(maxShownValueLength / 2) + "1"
    for (const value of [
      "a%3Fb",
      "a%2523",
      "%22png%22",
      "https%3A%2F%2Fh%2F%3Ftoken%3DX",
      "1%262",
      "%C3%A9",
      "a%0Ab",
      "x%40y",
      "a%3Bb",
      tooLong
    ]) {
      assert.strictEqual(
        redactUrl(`https://x.example.com/p?cursor=${value}&limit=2`),
        "https://x.example.com/p?cursor=[redacted]&limit=2",
        value
      )
    }
    assert.strictEqual(
      redactUrl(`https://x.example.com/p?userIds=${tooLong.slice(2)}`),
      `https://x.example.com/p?userIds=${tooLong.slice(2)}`
    )
  })

  it("a pair without `=` is shown only when its name is on the list; a name that is not plain hides its pair whole", () => {
    assert.strictEqual(
      redactUrl("https://x.example.com/p?SECRETWORD&isCircular&a=1&&b"),
      "https://x.example.com/p?[redacted]&isCircular&a=[redacted]&&[redacted]"
    )
    assert.strictEqual(
      redactUrl("https://x.example.com/p?%3Cb%3E=1&user%40host=2&code[]=x&token%5B0%5D=y&" + "n".repeat(101) + "=3"),
      "https://x.example.com/p?[redacted]&[redacted]&code[]=[redacted]&token%5B0%5D=[redacted]&[redacted]"
    )
  })

  it("drops user name and password, and hides a fragment", () => {
    assert.strictEqual(
      redactUrl("https://ann:pw-secret@x.example.com/a?limit=1#access_token=f1"),
      "https://x.example.com/a?limit=1#[redacted]"
    )
  })

  it("shows a relative URL from its path on; another scheme with a host by the rule, without one by its scheme alone; garbage as unparsable", () => {
    assert.strictEqual(redactUrl("/v1/things?csrf=abc&limit=2"), "/v1/things?csrf=[redacted]&limit=2")
    assert.strictEqual(redactUrl("//evil.example.net/x?sig=1"), "http://evil.example.net/x?sig=[redacted]")
    assert.strictEqual(redactUrl("myapp://cb?x=1&limit=3#f"), "myapp://cb?x=[redacted]&limit=3#[redacted]")
    assert.strictEqual(redactUrl("data:text/plain,secret"), "data:[redacted]")
    assert.strictEqual(redactUrl("http://[::1"), "[unparsable URL]")
  })

  it("writes ASCII only: a control or bidi character in a path is percent-encoded by the parser", () => {
    assert.strictEqual(
      redactUrl("https://x.example.com/a\u202Eb\u0085c?limit=1"),
      "https://x.example.com/a%E2%80%AEb%C2%85c?limit=1"
    )
  })

  it("pairs separated by `;` are read like those separated by `&`; the separators are kept as written", () => {
    assert.strictEqual(
      redactUrl("https://x.example.com/p?a=1;token=SECRET;limit=2&sid=S2;c"),
      "https://x.example.com/p?a=[redacted];token=[redacted];limit=2&sid=[redacted];[redacted]"
    )
  })

  it("a value that is itself a URL (a login page's returnUrl) is hidden whole, what it holds unread", () => {
    const loginPage =
      "https://www.example.com/login?returnUrl=https%3A%2F%2Fwww.example.com%2Fgames%2F1%3FprivateServerLinkCode%3DSECRET&limit=1"
    assert.strictEqual(redactUrl(loginPage), "https://www.example.com/login?returnUrl=[redacted]&limit=1")
  })
})

describe("the allow-list and the plain test", () => {
  it("names are matched whole, ignoring case; never by a part or a suffix", () => {
    for (const name of [
      "userIds",
      "USERIDS",
      "universeIds",
      "placeId",
      "cursor",
      "limit",
      "sortOrder",
      "size",
      "format",
      "isCircular",
      "returnPolicy",
      "languageCode",
      "model.maxRows"
    ]) {
      assert.isTrue(isShownParameter(name), name)
    }
    for (const name of [
      "sessionId",
      "challengeId",
      "ticketId",
      "userIdToken",
      "xuserIds",
      "userIds[]",
      "model.keyword",
      "model.sortToken",
      "imageToken",
      "PaginationKey",
      "exclusiveStartKey",
      "code",
      "pin"
    ]) {
      assert.isFalse(isShownParameter(name), name)
    }
    assert.strictEqual(new Set(shownParameterNames.map((name) => name.toLowerCase())).size, shownParameterNames.length)
  })

  it("plain: ASCII letters, digits, space and `- . _ ~ , : = + * / [ ]`, up to the length given", () => {
    for (const text of ["", "123,456", "2024-01-01T00:00:00Z", "Asc", "en_us", "a b", "x=y+z/w*[1]~"])
      assert.isTrue(isPlain(text, 100), text)
    for (const text of [
      "a?b",
      "a#b",
      "a&b",
      "a;b",
      "a%b",
      "a@b",
      '"a"',
      "'a'",
      "<a>",
      "{a}",
      "a\nb",
      "é",
      "a\u202Eb",
      "a\\b",
      "a|b"
    ]) {
      assert.isFalse(isPlain(text, 100), text)
    }
    assert.isTrue(isPlain("a".repeat(10), 10))
    assert.isFalse(isPlain("a".repeat(11), 10))
  })
})

describe("redactUrlIn (a text that mentions a URL: an error's message)", () => {
  const url = "https://user:pw@x.example.com/v1/users?token=SECRET%2B1&limit=1#frag-value"

  it("shows the URL redacted, and blanks out what it hides wherever else it appears, as written or decoded", () => {
    assert.strictEqual(
      redactUrlIn(`Request to ${url} failed: SECRET+1 (SECRET%2B1) is not valid; frag-value`, url),
      "Request to https://x.example.com/v1/users?token=[redacted]&limit=1#[redacted] failed: [redacted] ([redacted]) is not valid; [redacted]"
    )
  })

  it("blanks the user name too, beside a password (`https://TOKEN:x-oauth-basic@…`) or alone; one shorter than 4 characters stays", () => {
    const tokenAsUser = "https://TOKEN123456:x-oauth-basic@github.example.com/o/r.git"
    assert.strictEqual(
      redactUrlIn(`clone of ${tokenAsUser} failed for TOKEN123456`, tokenAsUser),
      "clone of https://github.example.com/o/r.git failed for [redacted]"
    )
    const alone = "https://ghp_0123abcd@git.example.com/repo"
    assert.strictEqual(
      redactUrlIn(`push to ${alone} as ghp_0123abcd`, alone),
      "push to https://git.example.com/repo as [redacted]"
    )
    const short = "https://ann:pw-secret@x.example.com/a"
    assert.strictEqual(redactUrlIn(`${short} for ann: pw-secret`, short), "https://x.example.com/a for ann: [redacted]")
  })

  it("blanks the echo of any hidden value, whatever its name; an allow-listed plain value stays in the text", () => {
    const signed = "https://cdn.example.com/a.png?Policy=eyJwb2xpY3kiOjF9&Key-Pair-Id=APKAEXAMPLE&size=150x150"
    assert.strictEqual(
      redactUrlIn(`GET ${signed} denied: policy eyJwb2xpY3kiOjF9 of APKAEXAMPLE for 150x150`, signed),
      "GET https://cdn.example.com/a.png?Policy=[redacted]&Key-Pair-Id=[redacted]&size=150x150 denied: policy [redacted] of [redacted] for 150x150"
    )
  })

  it("a value holding a URL: its own values are blanked too, as written in it and decoded", () => {
    const inner = `https://www.example.com/games/1?privateServerLinkCode=${encodeURIComponent("S3CRET+1/x")}`
    const url = `https://www.example.com/login?returnUrl=${encodeURIComponent(inner)}&limit=1`
    assert.strictEqual(
      redactUrlIn(
        `GET ${url} failed: code S3CRET+1/x (S3CRET%2B1%2Fx, ${encodeURIComponent(inner)}) is not valid`,
        url
      ),
      "GET https://www.example.com/login?returnUrl=[redacted]&limit=1 failed: code [redacted] ([redacted], [redacted]) is not valid"
    )
  })

  it("a relative URL, a URL the parser rejects, a text without the URL, parts too short to blank", () => {
    assert.strictEqual(redactUrlIn("GET /a?sig=abcd1234 failed", "/a?sig=abcd1234"), "GET /a?sig=[redacted] failed")
    assert.strictEqual(
      redactUrlIn("GET http://[::1/?token=SECRET failed", "http://[::1/?token=SECRET"),
      "GET [unparsable URL] failed"
    )
    assert.strictEqual(redactUrlIn("the server says SECRET%2B1", url), "the server says [redacted]")
    assert.strictEqual(redactUrlIn("id ab and ab", "https://h.example.com/?token=ab"), "id ab and ab")
  })

  it("a text quoting the URL already redacted (an error's message) keeps that form as it is: a hidden part that is also a word of the path stays in it", () => {
    const url = "https://user:pw@x.example.com/v1/users/5?token=T0KEN1&limit=2"
    assert.strictEqual(
      redactUrlIn(`Response from ${redactUrl(url)} returned an error code 400: token T0KEN1 of user 5`, url),
      "Response from https://x.example.com/v1/users/5?token=[redacted]&limit=2 returned an error code 400: token [redacted] of [redacted] 5"
    )
  })

  it("a secret after `;` is blanked when echoed", () => {
    const url = "https://x.example.com/p?a=1;token=SECRET9"
    assert.strictEqual(
      redactUrlIn(`${url} said SECRET9`, url),
      "https://x.example.com/p?a=[redacted];token=[redacted] said [redacted]"
    )
  })
})

describe("redactUrlsIn (a text whose URLs are not known beforehand)", () => {
  it("shows every absolute URL in the text redacted, and leaves the rest as written", () => {
    assert.strictEqual(
      redactUrlsIn(
        'import of https://cdn.example.net/a.js?Signature=S1&limit=1 failed (see "http://u:p@h.example.com/b#t"); code=5'
      ),
      'import of https://cdn.example.net/a.js?Signature=[redacted]&limit=1 failed (see "http://h.example.com/b#[redacted]"); code=5'
    )
    assert.strictEqual(redactUrlsIn("no URL here, token=abc"), "no URL here, token=abc")
  })

  it("reads a URL to the next space or quote, so a bracketed name or a parenthesised value is not cut off", () => {
    assert.strictEqual(
      redactUrlsIn("see https://x.example.com/p?token[]=SECRET1&code=(SECRET2) now"),
      "see https://x.example.com/p?token[]=[redacted]&code=[redacted] now"
    )
  })

  it("keeps an unbalanced closing parenthesis or bracket, trailing punctuation and a stack frame's :line:column outside the URL", () => {
    for (const [text, shown] of [
      ["see (https://h.example.com/a?token=SECRET1234), then", "see (https://h.example.com/a?token=[redacted]), then"],
      ["at fn (https://cdn.example.com/app.js?v=X:10:5)", "at fn (https://cdn.example.com/app.js?v=[redacted]:10:5)"],
      ["at https://cdn.example.com/app.js?sig=S1G99:3:14", "at https://cdn.example.com/app.js?sig=[redacted]:3:14"],
      ["[https://h.example.com/a?token=SECRET1234]. Done.", "[https://h.example.com/a?token=[redacted]]. Done."],
      ["https://h.example.com/a?code=(SECRET2).", "https://h.example.com/a?code=[redacted]."]
    ])
      assert.strictEqual(redactUrlsIn(text!), shown, text)
  })

  it("finds ws:// and wss:// URLs, and shows them like https ones", () => {
    assert.strictEqual(
      redactUrlsIn("socket wss://rt.example.com/s?token=SECRET1234 closed; ws://127.0.0.1:9/x?sid=S1D5 too"),
      "socket wss://rt.example.com/s?token=[redacted] closed; ws://127.0.0.1:9/x?sid=[redacted] too"
    )
    assert.strictEqual(
      redactUrl("wss://u:p4ss@rt.example.com/s?ticket=T1#f"),
      "wss://rt.example.com/s?ticket=[redacted]#[redacted]"
    )
  })

  it("blanks each found URL's hidden values wherever else the text echoes them", () => {
    assert.strictEqual(
      redactUrlsIn("https://h.example.com/a?next=https://i.example.com/?token=SECRET1234 and raw SECRET1234"),
      "https://h.example.com/a?next=[redacted] and raw [redacted]"
    )
  })
})

describe("bounded cost", () => {
  it(`reads at most ${maxParameters} pairs per URL; the rest is one [redacted], blanked when echoed`, () => {
    const first = Array.from({ length: maxParameters - 1 }, (_, i) => `limit=${i}`).join("&")
    const url = `https://x.example.com/p?${first}&token=T0KEN&limit=1;pw=SECRET2&x3=3`
    assert.strictEqual(redactUrl(url), `https://x.example.com/p?${first}&token=[redacted]&[redacted]`)
    assert.strictEqual(redactUrlIn(`${url} said limit=1;pw=SECRET2&x3=3`, url), `${redactUrl(url)} said [redacted]`)
  })

  it("a pathological input: 20,000 secret parameters and 100 KB of text echoing their values", () => {
    const params = Array.from({ length: 20_000 }, (_, i) => `token${i}=secretvalue${i}`)
    const url = `https://x.example.com/p?${params.join("&")}`
    const echo = "lorem ipsum secretvalue1 ".repeat(4_000)
    const shown = `https://x.example.com/p?${params
      .slice(0, maxParameters)
      .map((p) => p.replace(/=.*/, "=[redacted]"))
      .join("&")}&[redacted]`
    assert.strictEqual(redactUrl(url), shown)
    assert.strictEqual(redactUrlIn(`Request to ${url} failed: ${echo}`, url), `Request to ${shown}…`)
    const blanked = "lorem ipsum [redacted] ".repeat(4_000)
    const cut = redactUrlIn(`failed: ${echo}`, url)
    assert.strictEqual(cut, `failed: ${blanked}`.slice(0, cut.length - 1) + "…")
    assert.isAtMost(cut.length, maxTextLength + 1)
    assert.notInclude(cut, "secretvalue")
  })

  it("a pathological hidden value: 20,000 pairs written in one value, 640 KB of text", () => {
    const inner = Array.from({ length: 20_000 }, (_, i) => `k${i}=innervalue${i}`).join("&")
    const url = `https://x.example.com/p?next=${encodeURIComponent(inner)}`
    const text = `${url} failed: ${"innervalue1 ".repeat(50_000)}`
    const shown = redactUrlIn(text, url)
    assert.strictEqual(
      shown,
      `https://x.example.com/p?next=[redacted] failed: ${"[redacted] ".repeat(50_000)}`.slice(0, shown.length - 1) + "…"
    )
  })

  it(`reads at most ${maxTextLength} characters of the text; a secret written across the cut is blanked whole`, () => {
    const url = "https://x.example.com/p?token=SECRET12345"
    const head = "x".repeat(maxTextLength - 3)
    assert.strictEqual(redactUrlIn(`${head}SECRET12345 and more`, url), `${head}[redacted]…`)
    assert.strictEqual(redactUrlIn(`${head}abc${url}`, url), `${head}abc…`)
    assert.strictEqual(redactUrlIn(`${head}ab${url} tail`, url), `${head}ab${redactUrl(url)}…`)
  })
})
