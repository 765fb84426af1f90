/**
 * secretNames: which query parameter names may carry a secret, the name rule of ./redactUrl.ts (docs/security.md
 * "Nothing secret in a log"). The rule reads a name (already percent-decoded) the way servers write it in many
 * spellings:
 *
 * - case is ignored, and so are the separators `_`, `-`, `.`, `+` and spaces between words (`access_code`,
 *   `access-code`, `access.code`, `access+code`, `accessCode` and `accesscode` are one name);
 * - an array-style name is read by its parts: `code[]`, `token[0]`, `state[]`, `user[password]` (a part in brackets
 *   counts as a name of its own);
 * - a name (or part) is secret when it CONTAINS one of the words token, secret, sig, auth, key, pass, pwd, session,
 *   sessid, ticket, credential, cookie, csrf, xsrf, jwt, otp, nonce, hmac, verifier, bearer, saml (SAML's
 *   `SAMLResponse` and `SAMLRequest` are signed assertions), relaystate (SAML's `RelayState`), or the two-word names
 *   link code and access code (the platform's `privateServerLinkCode` is a bearer capability); or when it IS exactly
 *   `code`, `state` (OAuth's), `sid`, `pw` (a password's short name) or `refresh` (a refresh token's; `refresh_token`
 *   already contains token).
 *
 * False positives are deliberate and few. Ordinary names that still show their value: `id`, `page`, `limit`,
 * `cursor`, `sortOrder`, `userId`, `placeId`, `languageCode`, `zipcode`, `states`, `codes`, `returnUrl` (whose value
 * ./redactUrl.ts looks into when it is a URL), `upward` and `pwa` (`pw` only whole), `autoRefresh` and
 * `refreshInterval` (`refresh` only whole), `relay`. Ordinary names hidden because they contain a secret word,
 * accepted as the price of a simple rule: `author` (auth), `keyword` (key), `design` (sig), `passenger` (pass).
 *
 * @module
 */

/** Words that make a name secret wherever they appear in it (separators already removed, lower case). */
const secretWords = /token|secret|sig|auth|key|pass|pwd|session|sessid|ticket|credential|cookie|csrf|xsrf|jwt|otp|nonce|hmac|verifier|bearer|saml|relaystate|linkcode|accesscode/

/** Names that are secret only when they are the whole name (or a whole bracketed part). */
const secretWholeNames = /^(?:code|state|sid|pw|refresh)$/

/** Whether one part of a name, as written (decoded), is secret: see the module doc. */
const isSecretPart = (part: string): boolean => {
  const words = part.toLowerCase().replace(/[\s_.+-]/g, "")
  return secretWords.test(words) || secretWholeNames.test(words)
}

/** Whether a query parameter named `name` (percent-decoded) may carry a secret: see the module doc. */
export const isSecretName = (name: string): boolean => name.split(/[[\]]/).some(isSecretPart)
