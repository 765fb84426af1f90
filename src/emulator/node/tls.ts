/**
 * What a browser needs to trust host mode's certificate without installing it: Chromium's
 * `--ignore-certificate-errors-spki-list` takes the base64 SHA-256 of the certificate's public key (its DER
 * SubjectPublicKeyInfo), and `--host-resolver-rules` sends the site's names to the emulator's port.
 *
 * @module
 */
import { createHash, X509Certificate } from "node:crypto"

/** The base64 SHA-256 of the SubjectPublicKeyInfo of `certPem` (a PEM certificate), as Chromium's SPKI list takes it. */
export const spkiFingerprint = (certPem: string): string =>
  createHash("sha256")
    .update(new X509Certificate(certPem).publicKey.export({ type: "spki", format: "der" }))
    .digest("base64")

/**
 * The Chromium flags that open `https://{anything}.{domain}` on the emulator listening at `address:port`, trusting
 * exactly the certificate `certPem` (no other certificate error is ignored).
 */
export const chromiumHostModeFlags = (
  domain: string,
  address: string,
  port: number,
  certPem: string
): ReadonlyArray<string> => [
  `--host-resolver-rules=MAP *.${domain} ${address}:${port}`,
  `--ignore-certificate-errors-spki-list=${spkiFingerprint(certPem)}`
]
