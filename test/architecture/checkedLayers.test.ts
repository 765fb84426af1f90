/**
 * The public layers are checked by the compiler: no `as never` in the modules that build them (src/core/wiring,
 * src/testing, src/platform/featureLayers.ts). Each builds its layer with every option on, assigned to the type of
 * the services it then promises, and only narrows that type to what its options ask.
 */
import { describe, expect, it } from "@effect/vitest"
import { repositoryFiles } from "./repositoryFiles.ts"

const layerModules = ["src/core/wiring", "src/testing", "src/platform/featureLayers.ts"]
const uncheckedCast = /\bas never\b/

describe("public layers", () => {
  it("no `as never` where a public layer is built", () => {
    const unchecked = repositoryFiles(layerModules).flatMap((file) =>
      file.text.split("\n").flatMap((line, index) => (uncheckedCast.test(line) ? [`${file.path}:${index + 1}`] : []))
    )
    expect(unchecked).toEqual([])
  })

  it("control: the pattern finds a cast and leaves the word alone", () => {
    expect(uncheckedCast.test("  ) as never")).toBe(true)
    expect(uncheckedCast.test("the rest was never held in memory")).toBe(false)
  })
})
