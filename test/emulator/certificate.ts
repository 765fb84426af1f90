/**
 * A self-signed certificate for host mode's tests, made at test time (the `selfsigned` devDependency): an EC P-256
 * key, valid for `*.{domain}` for two days.
 */
import { generate } from "selfsigned"
import type { TlsCertificate } from "../../src/emulator/options.ts"

/** A new self-signed certificate (PEM) for every one-label sub-domain of `domain`. */
export const selfSignedCertificate = async (domain: string): Promise<TlsCertificate> => {
  const notBeforeDate = new Date(Date.now() - 60_000)
  const pems = await generate([{ name: "commonName", value: `*.${domain}` }], {
    keyType: "ec",
    algorithm: "sha256",
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + 2 * 86_400_000),
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: [{ type: 2, value: `*.${domain}` }] }
    ]
  })
  return { cert: pems.cert, key: pems.private }
}
