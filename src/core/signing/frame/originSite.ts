/**
 * The default `origin_site` label of the security frame's metrics (see SecurityFrameOriginSite in ./settings.ts).
 *
 * @module
 */

/**
 * The page's sub-domain label under the site's domain (the www host without its `www.`): `create` for
 * `https://create.example.com` with www at `https://www.example.com`, `studio.create` for
 * `https://studio.create.example.com`. A page that is not strictly under that domain (another site, an address, a
 * www host that does not start with `www.`) gets its origin.
 */
export const defaultOriginSite = (pageOrigin: string, wwwBaseUrl: string): string => {
  if (!URL.canParse(pageOrigin) || !URL.canParse(wwwBaseUrl)) return pageOrigin
  const www = new URL(wwwBaseUrl).hostname
  const host = new URL(pageOrigin).hostname
  if (!www.startsWith("www.")) return pageOrigin
  const domain = www.slice("www.".length)
  return host.endsWith(`.${domain}`) && host.length > domain.length + 1
    ? host.slice(0, -(domain.length + 1))
    : pageOrigin
}
