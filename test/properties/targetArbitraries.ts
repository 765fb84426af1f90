/**
 * Generated navigation targets for a feature whose own origin is `https://{host}`: safe ones (https on exactly that
 * origin, ending in a numeric id) and unsafe ones, each tagged with the attack it stands for. A feature must accept
 * every safe target and refuse every unsafe one.
 */
import fc from "fast-check"

/** A generated target: what it is meant to be, the attack it stands for (unsafe ones), and the text. */
export interface GeneratedTarget {
  readonly safe: boolean
  readonly category: string
  readonly url: string
}

/** The attack categories the unsafe generator covers (each must be reached). */
export const unsafeCategories = [
  "script scheme",
  "data scheme",
  "other scheme",
  "foreign host",
  "look-alike host",
  "IDN homograph",
  "credentials",
  "other origin of the host",
  "backslashes",
  "protocol-relative",
  "hidden-character prefix",
  "white space around a script",
  "hidden character inside",
  "percent-encoded scheme",
  "very long"
] as const

const id = fc.integer({ min: 1, max: 2 ** 40 })
const word = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/)
const firstSegment = fc.constantFrom("catalog", "bundles", "looks", "pages", "info", "de")

/** A site path ending in a numeric id: `/catalog/Red-Cap/123`. */
export const itemPath: fc.Arbitrary<string> = fc
  .tuple(firstSegment, fc.array(word, { maxLength: 3 }), id)
  .map(([first, rest, n]) => `/${[first, ...rest, String(n)].join("/")}`)

/** Hosts an attacker can register or point at. */
const evilHost = fc.constantFrom(
  "evil.net",
  "evil.example.net",
  "attacker.io",
  "xn--80ak6aa92e.com",
  "127.0.0.1",
  "[::1]"
)

/** Cyrillic letters that look like Latin ones. */
const homoglyphs: Readonly<Record<string, string>> = {
  a: "\u0430",
  e: "\u0435",
  o: "\u043e",
  c: "\u0441",
  p: "\u0440",
  x: "\u0445"
}

/**
 * Characters the URL parser silently drops or that hide text, and that a string trim keeps: controls, DEL,
 * invisible format characters.
 */
const hiddenCharacter = fc.constantFrom(
  "\u0000",
  "\u0001",
  "\u0008",
  "\u001b",
  "\u001f",
  "\u007f",
  "\u0085",
  "\u009f",
  "\u00ad",
  "\u200b",
  "\u200e",
  "\u202e",
  "\u2060",
  "\u2064"
)
/** White space a string trim removes (line separators and the byte-order mark included). */
const whiteSpace = fc.constantFrom(" ", "\t", "\n", "\r", "\f", "\u000b", "\u00a0", "\u2028", "\u2029", "\ufeff")

const upperSome = (text: string, mask: number) =>
  [...text].map((c, i) => (((mask >> (i % 30)) & 1) === 1 ? c.toUpperCase() : c)).join("")

/** Unsafe targets for a feature of origin `https://{host}`; every category of {@link unsafeCategories}. */
export const unsafeTarget = (host: string): fc.Arbitrary<GeneratedTarget> => {
  const origin = `https://${host}`
  const tagged = (category: (typeof unsafeCategories)[number], arbitrary: fc.Arbitrary<string>) =>
    arbitrary.map((url): GeneratedTarget => ({ safe: false, category, url }))
  // the parent domain (`example.com`): its other hosts and look-alikes of it are other origins
  const parent = host.slice(host.indexOf(".") + 1)
  const lookAlike = fc.tuple(itemPath, fc.nat()).map(([path, n]) => {
    const forms = [
      `${origin}.evil.net${path}`,
      `https://evil-${parent}${path}`,
      `https://${host.replaceAll(".", "")}${path}`,
      `https://${parent}.evil.net${path}`,
      `https://${host}%2eevil.net${path}`,
      `https://${host}\u3002evil.net${path}`,
      `https://${host}.evil.net.${path}`,
      `https://sub.${host}${path}`,
      `https://apis.${parent}${path}`,
      `https://${parent}${path}`
    ]
    return forms[n % forms.length]!
  })
  return fc.oneof(
    tagged(
      "script scheme",
      fc.tuple(fc.constantFrom("javascript", "vbscript"), fc.nat(), itemPath, id).map(([scheme, mask, path, n]) => {
        const s = upperSome(scheme, mask)
        const forms = [
          `${s}:alert(1)//${n}`,
          `${s}:${origin}${path}`,
          `${s}://${host}${path}`,
          `${s}:fetch('//evil.net')/${n}`
        ]
        return forms[mask % forms.length]!
      })
    ),
    tagged(
      "data scheme",
      fc
        .tuple(fc.nat(), id)
        .map(
          ([mask, n]) =>
            [
              `data:text/html,<script>alert(1)</script>//${n}`,
              `DATA:text/html;base64,PHNjcmlwdD4=/${n}`,
              `data:,${origin}/catalog/${n}`
            ][mask % 3]!
        )
    ),
    tagged(
      "other scheme",
      fc
        .tuple(fc.nat(), itemPath)
        .map(
          ([n, path]) =>
            [
              `blob:${origin}/${path.slice(1)}`,
              `file:///etc${path}`,
              `file://${host}${path}`,
              `ftp://${host}${path}`,
              `ws://${host}${path}`,
              `wss://${host}${path}`,
              `roblox://${host}${path}`,
              `about:blank#${path}`,
              `filesystem:${origin}/temporary${path}`
            ][n % 9]!
        )
    ),
    tagged(
      "foreign host",
      fc
        .tuple(evilHost, itemPath, fc.boolean())
        .map(([evil, path, http]) => `${http ? "http" : "https"}://${evil}${path}`)
    ),
    tagged("look-alike host", lookAlike),
    tagged(
      "IDN homograph",
      fc.tuple(itemPath, fc.nat()).map(([path, n]) => {
        const letters = [...host].map((c, i) => [c, i] as const).filter(([c]) => homoglyphs[c] !== undefined)
        const [letter, at] = letters[n % letters.length]!
        return `https://${host.slice(0, at)}${homoglyphs[letter]}${host.slice(at + 1)}${path}`
      })
    ),
    tagged(
      "credentials",
      fc
        .tuple(evilHost, itemPath, fc.nat())
        .map(
          ([evil, path, n]) =>
            [
              `https://${host}@${evil}${path}`,
              `https://${host}:443@${evil}${path}`,
              `https://user:pass@${host}${path}`,
              `https://${host}:@${evil}${path}`,
              `https://token@${host}${path}`
            ][n % 5]!
        )
    ),
    tagged(
      "other origin of the host",
      fc
        .tuple(itemPath, fc.nat())
        .map(
          ([path, n]) =>
            [
              `http://${host}${path}`,
              `https://${host}:8443${path}`,
              `https://${host}:80${path}`,
              `http://${host}:443${path}`
            ][n % 4]!
        )
    ),
    tagged(
      "backslashes",
      fc
        .tuple(evilHost, itemPath, fc.nat())
        .map(
          ([evil, path, n]) =>
            [
              `\\\\${evil}${path}`,
              `/\\${evil}${path}`,
              `\\/${evil}${path}`,
              `https:\\\\${evil}${path}`,
              `https:/\\${evil}${path}`,
              `https://${evil}\\@${host}${path}`,
              `https:\\${evil}${path}`
            ][n % 7]!
        )
    ),
    tagged(
      "protocol-relative",
      fc.tuple(fc.oneof(evilHost, fc.constant(host)), itemPath).map(([h, path]) => `//${h}${path}`)
    ),
    tagged(
      "hidden-character prefix",
      fc
        .tuple(fc.array(fc.oneof(hiddenCharacter, whiteSpace), { maxLength: 3 }), hiddenCharacter, itemPath)
        .map(([more, hidden, path]) => `${hidden}${more.join("")}${origin}${path}`)
    ),
    tagged(
      "white space around a script",
      fc
        .tuple(fc.array(fc.oneof(whiteSpace, hiddenCharacter), { minLength: 1, maxLength: 3 }), id)
        .map(([space, n]) => `${space.join("")}javascript:alert(1)//${n}`)
    ),
    tagged(
      "hidden character inside",
      fc
        .tuple(hiddenCharacter, fc.nat(), itemPath)
        .map(
          ([hidden, n, path]) =>
            [
              `java${hidden}script:alert(1)${path}`,
              `https://${host}${hidden}.evil.net${path}`,
              `ht${hidden}tps://${host}${path}`,
              `${origin}${path}${hidden}`
            ][n % 4]!
        )
    ),
    tagged(
      "percent-encoded scheme",
      fc
        .tuple(fc.nat(), itemPath)
        .map(
          ([n, path]) =>
            [
              `javascript%3Aalert(1)${path}`,
              `%6Aavascript:alert(1)${path}`,
              `https%3A%2F%2Fevil.net${path}`,
              `https%3A//evil.net${path}`,
              `%68ttps://evil.net${path}`,
              `data%3Atext/html,x${path}`
            ][n % 6]!
        )
    ),
    tagged(
      "very long",
      fc
        .tuple(fc.integer({ min: 4100, max: 20_000 }), itemPath, fc.boolean())
        .map(([length, path, own]) =>
          own
            ? `${origin}/${"a".repeat(length)}${path}`
            : `https://${"a".repeat(60)}.${"b".repeat(60)}.evil.net/${"c".repeat(length)}${path}`
        )
    )
  )
}

/**
 * Safe targets on `https://{host}`: https, exactly that origin (the host in any case, the default port written or
 * not), a path ending in a numeric id; with `queries`, also a query and a fragment.
 */
export const safeTarget = (host: string, queries = false): fc.Arbitrary<GeneratedTarget> =>
  fc
    .tuple(fc.nat(), fc.boolean(), itemPath, fc.option(fc.tuple(word, word)), fc.option(word))
    .map(([mask, port, path, query, fragment]) => {
      const tail = queries
        ? `${query === null ? "" : `?${query[0]}=${query[1]}`}${fragment === null ? "" : `#${fragment}`}`
        : ""
      return {
        safe: true,
        category: "safe",
        url: `${upperSome("https", mask)}://${upperSome(host, mask >> 5)}${port ? ":443" : ""}${path}${tail}`
      }
    })

/** Safe and unsafe targets, about half each. */
export const anyTarget = (host: string, queries = false): fc.Arbitrary<GeneratedTarget> =>
  fc.oneof({ weight: 1, arbitrary: safeTarget(host, queries) }, { weight: 1, arbitrary: unsafeTarget(host) })

/** Counts of one feature's run. */
export interface TargetCounts {
  tried: number
  unsafeTried: number
  unsafeAccepted: number
  safeTried: number
  safeAccepted: number
  readonly categories: Map<string, number>
}

/** Empty counts. */
export const newCounts = (): TargetCounts => ({
  tried: 0,
  unsafeTried: 0,
  unsafeAccepted: 0,
  safeTried: 0,
  safeAccepted: 0,
  categories: new Map()
})

/** Count one target and whether the feature accepted it. */
export const count = (counts: TargetCounts, target: GeneratedTarget, accepted: boolean): void => {
  counts.tried++
  counts.categories.set(target.category, (counts.categories.get(target.category) ?? 0) + 1)
  if (target.safe) {
    counts.safeTried++
    if (accepted) counts.safeAccepted++
  } else {
    counts.unsafeTried++
    if (accepted) counts.unsafeAccepted++
  }
}

/** The attack categories of app-protocol links. */
export const unsafeAppCategories = [
  "web or script scheme",
  "another app scheme",
  "another route",
  "credentials or port",
  "fragment",
  "hidden character",
  "white space",
  "very long"
] as const

/** A query the app link may carry: any names and values (the builder encodes them). */
const anyQuery = fc.array(fc.tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 24 })), { maxLength: 4 })

/** App-protocol links of `scheme` to `route`: safe ones built with `build`, unsafe ones tagged. */
export const appTarget = (
  scheme: string,
  route: string,
  build: (query: ReadonlyArray<readonly [string, string]>) => string
): fc.Arbitrary<GeneratedTarget> => {
  const tagged = (category: (typeof unsafeAppCategories)[number], arbitrary: fc.Arbitrary<string>) =>
    arbitrary.map((url): GeneratedTarget => ({ safe: false, category, url }))
  const built = anyQuery.map(build)
  const rest = (url: string) => url.slice(url.indexOf(":"))
  const [host, path = ""] = route.split("/")
  return fc.oneof(
    { weight: 8, arbitrary: built.map((url): GeneratedTarget => ({ safe: true, category: "safe", url })) },
    tagged(
      "web or script scheme",
      fc
        .tuple(
          fc.constantFrom("https", "http", "javascript", "JavaScript", "data", "vbscript", "blob", "file", "about"),
          built
        )
        .map(([s, url]) => `${s}${rest(url)}`)
    ),
    tagged(
      "another app scheme",
      fc
        .tuple(fc.constantFrom(`${scheme}x`, `x${scheme}`, "rbx", "steam", `${scheme}-player`), built)
        .map(([s, url]) => `${s}${rest(url)}`)
    ),
    tagged(
      "another route",
      fc
        .tuple(
          fc.constantFrom(
            "navigation/home",
            "navigation/external_web_link",
            "experiences/join",
            `${route}/x`,
            `${host}`,
            `${host}/`,
            `${host}//${path}`,
            `${host}/${path}/`,
            `${host?.toUpperCase()}/${path}`,
            `x/${path}`
          ),
          anyQuery
        )
        .map(([other, query]) => `${scheme}://${other}?${new URLSearchParams(query.map(([k, v]) => [k, v]))}`)
    ),
    tagged(
      "credentials or port",
      fc
        .tuple(fc.constantFrom("u@", "u:p@", ":p@"), fc.constantFrom("", ":1", ":443"), built)
        .map(([user, port, url]) => url.replace(`://${host}`, `://${user}${host}${port}`))
    ),
    tagged(
      "fragment",
      fc.tuple(built, fc.string({ maxLength: 8 })).map(([url, fragment]) => `${url}#${fragment}`)
    ),
    tagged(
      "hidden character",
      fc.tuple(built, hiddenCharacter, fc.nat()).map(([url, hidden, at]) => {
        const i = at % (url.length + 1)
        return url.slice(0, i) + hidden + url.slice(i)
      })
    ),
    tagged(
      "white space",
      fc
        .tuple(built, whiteSpace, fc.boolean())
        .map(([url, space, before]) => (before ? `${space}${url}` : `${url}${space}`))
    ),
    tagged(
      "very long",
      built.map((url) => `${url}${url.includes("?") ? "&" : "?"}pad=${"a".repeat(4100)}`)
    )
  )
}

/** Site paths for a `navigation?path=` link: safe ones stay on the site, unsafe ones name another host or scheme. */
export const sitePathTarget: fc.Arbitrary<GeneratedTarget> = fc.oneof(
  fc
    .tuple(itemPath, fc.option(fc.tuple(word, word)), fc.option(word))
    .map(([path, query, fragment]): GeneratedTarget => ({
      safe: true,
      category: "safe",
      url: `${path}${query === null ? "" : `?${query[0]}=${query[1]}`}${fragment === null ? "" : `#${fragment}`}`
    })),
  fc.tuple(evilHost, itemPath, fc.nat()).map(([evil, path, n]): GeneratedTarget => ({
    safe: false,
    category: "another host or scheme",
    url: [
      `//${evil}${path}`,
      `/\\${evil}${path}`,
      `\\\\${evil}${path}`,
      `\\/${evil}${path}`,
      `https://${evil}${path}`,
      `javascript:alert(1)${path}`,
      `data:text/html,x${path}`,
      `${evil}${path}`,
      `/${path}\\..\\x`,
      ` //${evil}${path}`
    ][n % 10]!
  }))
)
