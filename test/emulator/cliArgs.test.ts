import { assert, describe, it } from "@effect/vitest"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseCliArgs } from "../../src/emulator/cliArgs.ts"

const message = (argv: ReadonlyArray<string>) => {
  try {
    parseCliArgs(argv)
    return "parsed"
  } catch (error) {
    return (error as Error).message
  }
}

describe("emulator command line", () => {
  it("defaults to ports 4010 and 4011", () => {
    assert.deepStrictEqual(parseCliArgs([]), { help: false, options: { port: 4010, wwwPort: 4011 } })
  })

  it("reads every option, with repeated faults", () => {
    const { options } = parseCliArgs([
      "--port=0",
      "--www-port",
      "5000",
      "--host",
      "0.0.0.0",
      "--allowed-host",
      "laptop.local",
      "--allowed-host=192.168.1.20",
      "--seed",
      "7",
      "--user",
      "12",
      "--csrf-rotation",
      "0",
      "--fault",
      "status=503,path=/games/*",
      "--fault",
      "latency=250",
      "--static",
      "dist/demo",
      "--log-limit",
      "100"
    ])
    assert.deepStrictEqual(options, {
      port: 0,
      wwwPort: 5000,
      host: "0.0.0.0",
      allowedHosts: ["laptop.local", "192.168.1.20"],
      seed: 7,
      defaultUserId: 12,
      csrfRotationMs: 0,
      faults: [
        { kind: "status", status: 503, path: "/games/*" },
        { kind: "latency", ms: 250 }
      ],
      staticDir: "dist/demo",
      logLimit: 100
    })
  })

  it("--allowed-origin: exact origins and sub-domain patterns, repeatable; anything else refused with the reason", () => {
    assert.deepStrictEqual(
      parseCliArgs(["--allowed-origin", "http://127.0.0.1:5173", "--allowed-origin=https://*.example.com"]).options
        .allowedOrigins,
      ["http://127.0.0.1:5173", "https://*.example.com"]
    )
    for (const origin of ["*", "null", "http://127.0.0.1:5173/", "127.0.0.1:5173", "https://*.example.com:8443"]) {
      assert.strictEqual(
        message(["--allowed-origin", origin]),
        `--allowed-origin must be an origin such as http://127.0.0.1:5173 or a pattern such as https://*.example.com, not "${origin}"`
      )
    }
  })

  it("makes requests without a session guests with --guest", () => {
    assert.strictEqual(parseCliArgs(["--guest"]).options.defaultUserId, null)
  })

  it("host mode: --domain with the certificate files read, one port, no --www-port", () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-tls-"))
    try {
      writeFileSync(join(dir, "cert.pem"), "CERT")
      writeFileSync(join(dir, "key.pem"), "KEY")
      const tls = ["--tls-cert", join(dir, "cert.pem"), "--tls-key", join(dir, "key.pem")]
      assert.deepStrictEqual(parseCliArgs(["--domain", "platform.test", ...tls, "--port", "8443"]).options, {
        port: 8443,
        domain: "platform.test",
        https: { cert: "CERT", key: "KEY" }
      })
      assert.strictEqual(
        message(["--domain", "platform.test"]),
        "--domain needs --tls-cert and --tls-key (host mode is https only; docs/emulator.md)"
      )
      assert.strictEqual(message(tls), "--tls-cert and --tls-key are host mode's certificate: give --domain too")
      assert.strictEqual(
        message(["--domain", "platform.test", ...tls, "--www-port", "1"]),
        "--www-port has no use with --domain: host mode serves everything on --port"
      )
      assert.match(
        message(["--domain", "platform.test", "--tls-cert", join(dir, "none.pem"), "--tls-key", join(dir, "key.pem")]),
        /^--tls-cert: cannot read .*none\.pem \(ENOENT/
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("says what is wrong", () => {
    assert.strictEqual(message(["--port", "x"]), '--port must be an integer ≥ 0, not "x"')
    assert.strictEqual(message(["--guest", "--user", "2"]), "--guest and --user cannot be used together")
    assert.strictEqual(
      message(["--fault", "boom"]),
      'Invalid fault "boom": it must start with status=<code>, latency=<ms> or drop, not "boom"'
    )
    assert.match(message(["--colour"]), /Unknown option '--colour'/)
    assert.isTrue(parseCliArgs(["--help"]).help)
  })
})
