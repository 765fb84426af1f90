/**
 * The parent-domain cookie scope: the `Domain` attribute that makes a cookie written on `www.example.com` visible
 * to every sub-domain of `example.com` (the payment-flow cookie lives there, PAY-16).
 *
 * Rule: the page's host without its first label, with a leading dot (`www.example.com` → `.example.com`,
 * `web.sitetest1.example.com` → `.sitetest1.example.com`); a two-label host is its own parent
 * (`example.com` → `.example.com`). Hosts with no parent to share (`localhost`, IPv4 and IPv6 addresses, single
 * labels) give undefined: write a host-only cookie. The rule does not know public suffixes: on a host such as
 * `example.co.uk` it would give `.co.uk`, which browsers refuse, so such sites configure the domain explicitly.
 *
 * @module
 */

const ipv4 = /^\d{1,3}(?:\.\d{1,3}){3}$/

/** The parent-domain `Domain` attribute for `host` (see the module doc), or undefined for a host-only cookie. */
export const parentCookieDomain = (host: string): string | undefined => {
  const h = host.toLowerCase().replace(/\.$/, "")
  if (h === "" || h.includes(":") || h.startsWith("[") || ipv4.test(h)) return undefined
  const labels = h.split(".")
  if (labels.length < 2 || labels.some((label) => label === "")) return undefined
  return `.${(labels.length === 2 ? labels : labels.slice(1)).join(".")}`
}

/** {@link parentCookieDomain} of a URL's host; undefined when the URL cannot be parsed. */
export const parentCookieDomainOfUrl = (url: string): string | undefined =>
  URL.canParse(url) ? parentCookieDomain(new URL(url).hostname) : undefined
