/**
 * platform-web-client/testing/msw in a browser: its module graph bundles for the browser (esbuild, `platform:
 * "browser"`) with no Node built-in and no esbuild in it, which is what `setupWorker` in a page or a dev server
 * needs. The Node emulator's script loader, which the handlers must not reach, does not bundle for the browser: the
 * check would notice it coming back.
 */
import { assert, describe, it } from "@effect/vitest"
import { build, type BuildFailure } from "esbuild"
import { fileURLToPath } from "node:url"

const source = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url))

/** Bundle `entry` as a page would: for the browser, `msw` and `effect` included. */
const bundleForBrowser = (entry: string) =>
  build({
    entryPoints: [source(entry)],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent"
  })

describe("the msw handlers bundle for the browser", () => {
  it("src/testing/msw.ts bundles with platform browser: the emulator's handlers are in, no Node built-in or esbuild", async () => {
    const result = await bundleForBrowser("testing/msw.ts")
    assert.deepStrictEqual(result.errors, [])
    const inputs = Object.keys(result.metafile.inputs)
    for (const module of ["src/emulator/msw.ts", "src/emulator/webHandler.ts", "src/emulator/scripts.ts"]) {
      assert.isTrue(
        inputs.some((input) => input.endsWith(module)),
        `${module} is bundled`
      )
    }
    assert.deepStrictEqual(
      inputs.filter((input) => /(^|\/)(node:|node_modules\/esbuild\/)|src\/emulator\/node\//.test(input)),
      []
    )
    const output = result.outputFiles[0]!.text
    assert.notInclude(output, "node:fs")
    assert.notInclude(output, "node:url")
  }, 60_000)

  it("the Node emulator's script loader does not bundle for the browser (what the handlers must never import)", async () => {
    const failure = await bundleForBrowser("emulator/node/scripts.ts").then(
      () => assert.fail("src/emulator/node/scripts.ts bundled for the browser"),
      (error: BuildFailure) => error
    )
    const unresolved = failure.errors.map((e) => e.text).filter((text) => text.startsWith('Could not resolve "node:'))
    assert.deepStrictEqual(unresolved, ['Could not resolve "node:fs/promises"', 'Could not resolve "node:url"'])
  }, 60_000)
})
