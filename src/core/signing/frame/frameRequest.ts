/**
 * The frame side's reading of a `signSubdomainRequest` (./protocol.ts): the request to sign, or why the frame
 * refuses (answered `isError`). Every check runs before any crypto:
 *
 * 1. `serializedSubdomainRequestData` has at most {@link maxSerializedRequestLength} characters (checked before it
 *    is parsed);
 * 2. it is JSON of `{ url, requestInit? }` (`SubdomainRequestData`: `requestInit.method` a string, `requestInit.body`
 *    a string or null; other fields ignored). A body of another type (an object, say) is refused: the frame signs
 *    only the text that is sent;
 * 3. `url` is an absolute URL (a relative one would be relative to the parent's document, which the frame cannot
 *    know) without user name or password, on one of the platform's own hosts (`isPlatformUrl` over
 *    `PlatformConfig.platformHosts`: https on the site's domain, or an exact configured origin). A parent must
 *    not get the www key's signature for another host. The signer's own policy (the bound-auth-token allow-list,
 *    the frame page's user) applies after this;
 * 4. the method, upper-cased (GET when absent), is one of `frameMethods`.
 *
 * The URL signed is the URL as the WHATWG parser serialises it, fragment removed: exactly what fetch sends and what
 * the checks above read (no difference between the URL checked and the URL signed).
 *
 * @module
 */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import { isPlatformUrl } from "../../config/platformHosts.ts"
import type { SignableRequest } from "../token/SignableRequest.ts"
import { isFrameMethod, maxSerializedRequestLength, SubdomainRequestData } from "./protocol.ts"

const decodeData = Schema.decodeUnknownOption(SubdomainRequestData)

const parseJson = (text: string): Result.Result<unknown, string> => {
  try {
    return Result.succeed(JSON.parse(text))
  } catch {
    return Result.fail("the request is not JSON")
  }
}

/** The request `serialized` asks the frame to sign, or why the frame refuses it (a fixed text, free of the request). */
export const readSubdomainRequest = (
  serialized: string,
  config: PlatformConfigShape
): Result.Result<SignableRequest, string> => {
  if (serialized.length > maxSerializedRequestLength) return Result.fail("the request is too large")
  const json = parseJson(serialized)
  if (Result.isFailure(json)) return Result.fail(json.failure)
  const data = decodeData(json.success)
  if (data._tag === "None") return Result.fail("the request is not { url, requestInit }")
  const { requestInit = {}, url } = data.value
  if (!URL.canParse(url)) return Result.fail("the request URL is not absolute")
  const target = new URL(url)
  target.hash = ""
  if (target.username !== "" || target.password !== "") return Result.fail("the request URL carries credentials")
  if (!isPlatformUrl(target.href, config.platformHosts)) return Result.fail("the request URL is not on a platform host")
  const method = (requestInit.method ?? "GET").toUpperCase()
  if (!isFrameMethod(method)) return Result.fail("the method cannot be signed")
  return Result.succeed({ url: target.href, host: target.hostname, method, body: requestInit.body ?? "" })
}
