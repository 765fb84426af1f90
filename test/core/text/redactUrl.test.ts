import { assert, describe, it } from "vitest"
import { isSecretParameter, redactUrl, redactUrlIn, redactUrlsIn } from "../../../src/core/text/redactUrl.ts"

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

