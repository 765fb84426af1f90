/**
 * The typed client of the device attestation (the server nonce) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { HbaApi } from "../api/attestation.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The hba client: `client.<group>.<endpoint>(request)`. */
export class HbaClient extends Context.Service<HbaClient, CheckedClientOf<typeof HbaApi>>()(
  "platform-web-client/platform/clients/HbaClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.hba`. */
  static readonly layer = Layer.effect(HbaClient, makeCheckedClient(HbaApi, "hba"))
}
