/**
 * `npm run size`: the bundle budget. Builds three minimal apps with Vite (production, minified) and reports
 * minified and gzip bytes:
 *
 * - `size/empty.ts`: an empty Effect program (the baseline);
 * - `size/core.ts`: the core layer (PlatformHttp with CSRF, signing and challenge handling, BatchProcessor,
 *   Pager, Cache);
 * - `size/deeplink.ts`: one platform feature alone (the deep-link parser and classifier).
 *
 * Budgets: core ≤ 55 KB gzip; the deep-link app ≤ 8 KB gzip more than the empty program. Exits 1 above budget.
 */
import { gzipSync } from "node:zlib"
import { build, type Rollup } from "vite"

const kb = 1024
const budgets = { core: 55 * kb, deeplinkOverEmpty: 8 * kb }

interface Size {
  readonly minified: number
  readonly gzip: number
}

const measure = async (entry: string): Promise<Size> => {
  const output = (await build({
    configFile: false,
    logLevel: "silent",
    build: {
      write: false,
      minify: true,
      target: "es2022",
      modulePreload: false,
      rollupOptions: { input: entry, output: { codeSplitting: false } as never }
    }
  })) as Rollup.RollupOutput | ReadonlyArray<Rollup.RollupOutput>
  const outputs = Array.isArray(output) ? output : [output as Rollup.RollupOutput]
  const code = outputs.flatMap((o) => o.output).filter((chunk) => chunk.type === "chunk").map((chunk) => chunk.code).join("\n")
  return { minified: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).byteLength }
}

const show = (n: number) => `${(n / kb).toFixed(1)} KB`

const empty = await measure("size/empty.ts")
const core = await measure("size/core.ts")
const deeplink = await measure("size/deeplink.ts")
const over = deeplink.gzip - empty.gzip

const rows = [
  ["empty Effect program", empty, ""],
  ["core layer", core, `budget ${show(budgets.core)} gzip: ${core.gzip <= budgets.core ? "ok" : "OVER"}`],
  ["deep-link parser alone", deeplink, `+${show(over)} over empty, budget +${show(budgets.deeplinkOverEmpty)}: ${
    over <= budgets.deeplinkOverEmpty ? "ok" : "OVER"
  }`]
] as const
console.log("size (Vite production build, minified; gzip -9)")
for (const [name, size, note] of rows) {
  console.log(`  ${name.padEnd(24)} ${show(size.minified).padStart(9)} min ${show(size.gzip).padStart(9)} gzip  ${note}`)
}
if (core.gzip > budgets.core || over > budgets.deeplinkOverEmpty) {
  console.error("size: over budget")
  process.exit(1)
}
console.log("size: within budget")
