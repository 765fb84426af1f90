/**
 * The platform's own hosts: ONE notion of "a platform host" for every trust decision of the client layer (which
 * requests carry the anti-forgery token, session values, signatures and trace headers; which responses may set
 * those values or start a challenge). See docs/security.md.
 *
 * An entry of `PlatformConfig.platformHosts` is one of:
 *
 * - a **domain suffix**, `example.com` or `.example.com` (the same thing): that domain and every sub-domain of
 *   it, matched on a dot boundary (`apis.example.com` matches, `evil-example.com` and `example.com.evil.net` do
 *   not), over **https only**, on any port;
 * - an **origin**, `http://127.0.0.1:4010`: exactly that scheme, host and port.
 *
 * Derived entries ({@link derivePlatformHosts}): a base URL on https on the site's domain gives the domain (a
 * suffix: the site's sub-hosts, `assetgame.example.com` included, are the platform); any other base URL gives its
 * origin, exactly what was configured: a service on another domain (not that domain's other hosts), plain http
 * (only where the site itself is served over it), an IP address or `localhost` (one machine, where another port is
 * another server: a second local app, a test's sink; suffix rules mean nothing for addresses).
 *
 * URLs are read with the WHATWG URL parser, exactly as fetch resolves them: case, a trailing dot, IDN (punycode),
 * userinfo, backslashes, percent-encoded host characters and ports all come out as the browser will send them.
 *
 * @module
 */

/** A parsed absolute URL, or undefined. */
const parse = (url: string): URL | undefined => (URL.canParse(url) ? new URL(url) : undefined)

/** True for an IPv4 (dotted, as the URL parser writes it) or bracketed IPv6 host. */
const isIpAddress = (host: string): boolean => host.startsWith("[") || /^\d+(?:\.\d+){3}$/.test(host)

/**
 * A host name, a suffix (`.example.com`) or an origin entry's host as the URL parser writes host names (lower case,
 * punycode), without a leading or trailing dot; undefined when there is none.
 */
const hostOf = (entry: string): string | undefined => {
  const host = entry.includes("://")
    ? parse(entry)?.hostname
    : /^[\w.-]*$/.test(entry)
      ? entry.toLowerCase()
      : parse(`https://${entry}/`)?.hostname
  const bare = host?.replace(/^\./, "").replace(/\.$/, "")
  return bare === "" ? undefined : bare
}

/** True when `host` (normalised) is `suffix` or, unless it is an IP address, a sub-domain of it. */
const onDomain = (host: string, suffix: string): boolean =>
  host === suffix || (!isIpAddress(host) && host.endsWith(`.${suffix}`))

/**
 * True when `host` is one of `suffixes` or a sub-domain of one, on a dot boundary (`.example.com` and
 * `example.com` both mean the domain and its sub-domains). Case, one trailing dot and IDN spellings are
 * normalised on both sides; empty suffixes match nothing; an IP address matches only itself (never as a
 * suffix: `3.4` does not match `1.2.3.4`). An origin in the list (`http://127.0.0.1:4010`) matches exactly its host
 * name here (no sub-domains); use {@link platformUrlCheck} where the scheme and port count.
 */
export const hostMatchesSuffix = (host: string, suffixes: ReadonlyArray<string>): boolean => {
  const h = hostOf(host)
  return (
    h !== undefined &&
    suffixes.some((entry) => {
      const s = hostOf(entry)
      return s !== undefined && (entry.includes("://") ? h === s : onDomain(h, s))
    })
  )
}

/**
 * A check of parsed URLs against platform-host `entries` (see the module doc): true when the URL's origin is an
 * origin entry, or the URL is https on a suffix entry's domain.
 */
export const platformUrlCheck = (entries: ReadonlyArray<string>): ((url: URL) => boolean) => {
  // an opaque origin ("null": a URL of a non-special scheme) names no server
  const origins = new Set(entries.filter((entry) => entry.includes("://")).map((entry) => parse(entry)?.origin))
  const suffixes = entries.filter((entry) => !entry.includes("://"))
  return (url) =>
    (url.origin !== "null" && origins.has(url.origin)) ||
    (url.protocol === "https:" && hostMatchesSuffix(url.hostname, suffixes))
}

/** True when `url` (absolute) is on one of the platform-host `entries`, read with the WHATWG URL parser. */
export const isPlatformUrl = (url: string, entries: ReadonlyArray<string>): boolean => {
  const parsed = parse(url)
  return parsed !== undefined && platformUrlCheck(entries)(parsed)
}

/**
 * The platform-host entries implied by the services' base URLs (see the module doc): an https base URL on
 * `domain` gives `domain` (a suffix); any other http(s) base URL gives its origin. Duplicates are dropped; URLs
 * that do not parse are skipped.
 */
export const derivePlatformHosts = (baseUrls: Readonly<Record<string, string>>, domain: string): Array<string> => {
  const site = hostOf(domain)
  const out = new Set<string>()
  for (const base of Object.values(baseUrls)) {
    const url = parse(base)
    if (url === undefined || !/^https?:$/.test(url.protocol)) continue
    const onSite = url.protocol === "https:" && site !== undefined && onDomain(url.hostname.replace(/\.$/, ""), site)
    out.add(onSite ? site : url.origin)
  }
  return [...out]
}
