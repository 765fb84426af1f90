/** Test wiring for the direct signer: memory key database (or fake-indexeddb), real WebCrypto, memory telemetry. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Crypto } from "../../../src/core/browser/Crypto.ts"
import { PlatformConfig, type PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import type { KeyLocation } from "../../../src/core/browser/KeyDatabase.ts"
import { KeyStore } from "../../../src/core/signing/keys/KeyStore.ts"
import { directSigner } from "../../../src/core/wiring/signingCode.ts"
import { MemoryKeyDatabase } from "../../../src/testing/memory/MemoryKeyDatabase.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"

/** The key location the test configuration names. */
export const location: KeyLocation = { databaseName: "hbaDB", storeName: "hbaObjectStore", keyName: "hbaCryptoKeys" }

/** A signed-in user (id 42) on example.com with signing on for everyone and every failure sampled. */
export const signingConfig = (overrides: PlatformConfigInput = {}): PlatformConfigInput => ({
  ...overrides,
  user: { id: 42, name: "builder", displayName: "Builder", authenticated: true, ...overrides.user },
  boundAuthToken: {
    enabled: true,
    allowedHostSuffixes: [".example.com"],
    sampleRatePerMillion: 1_000_000,
    eventSampleRatePerMillion: 1_000_000,
    ...location,
    ...overrides.boundAuthToken
  }
})

/** The direct signer (RequestSigner) with everything it uses exposed, over the given key database and crypto. */
export const directSignerLayer = (
  config: PlatformConfigInput = signingConfig(),
  base: Layer.Layer<never, never, never> = Layer.empty,
  crypto: Layer.Layer<Crypto> = Crypto.browser
) =>
  directSigner.pipe(
    Layer.provideMerge(
      Layer.mergeAll(MemoryKeyDatabase.layer(), crypto, MemoryTelemetry.layer(), PlatformConfig.layer(config), base)
    )
  )

/** The public key (SPKI DER) of the pair the key store serves at {@link location}. */
export const publicSpki = Effect.gen(function* () {
  const pair = yield* (yield* KeyStore).keyPair(location)
  return yield* (yield* Crypto).exportSpki(pair.publicKey)
})
