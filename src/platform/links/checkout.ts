/**
 * Checkout links (LINK-6): recognised by a card payment provider's checkout
 * host.
 *
 * @module
 */

/** The card payment provider's checkout hosts recognised by default. */
export const defaultCheckoutHosts: ReadonlyArray<string> = ["checkout.stripe.com"]

/**
 * True when `url` is an https URL whose host is exactly one of `hosts` (no sub-domains, no credentials, no port
 * other than the default). Anything that does not parse is not a checkout link.
 */
export const isCheckoutLink = (url: string, hosts: ReadonlyArray<string> = defaultCheckoutHosts): boolean => {
  try {
    const parsed = new URL(url.trim())
    return (
      parsed.protocol === "https:" &&
      parsed.username === "" &&
      parsed.password === "" &&
      parsed.port === "" &&
      hosts.some((h) => h.toLowerCase() === parsed.hostname)
    )
  } catch {
    return false
  }
}
