/**
 * `npm run soak`: the soak suite over the public API. Each part runs on its own (pipeline, devtools recorder,
 * queries with and without a schema, every batched feature, the pager, the cache), and the table gives, for each,
 * the heap growth over the second half of its run in MB per 10,000 operations (after forced collections) and the
 * time per operation in the first and in the last stretch. A part whose memory is bounded grows by about nothing in
 * the second half, and takes as long per operation at the end as at the start.
 *
 * Runs on Node's own type stripping with `--expose-gc` (see package.json). Arguments: `--ops N` (operations per
 * part, default 20,000) and any other word to run only the parts whose name contains it. A full run writes its
 * table to bench/results.md (the soak part, from its marker line on).
 */
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { machineDescription, soakResultsMarker, writeResultsPart } from "../lib.ts"
import { soak, type SoakPart, type SoakResult, table } from "./harness.ts"
import { friends, metrics, presence, thumbnails, users } from "./parts/batched.ts"
import { cacheFull, cacheStored, pager } from "./parts/paging.ts"
import { devtools, pipeline } from "./parts/pipeline.ts"
import { queryPlain, querySchema } from "./parts/query.ts"

const parts: ReadonlyArray<SoakPart> = [
  pipeline,
  devtools,
  queryPlain,
  querySchema,
  users,
  presence,
  thumbnails,
  friends,
  metrics,
  pager,
  cacheStored,
  cacheFull
]

const args = process.argv.slice(2)
const opsAt = args.indexOf("--ops")
const operations = opsAt === -1 ? 20_000 : Number(args[opsAt + 1])
const filters = args.filter((arg, i) => arg !== "--ops" && i !== opsAt + 1)
const chosen = parts.filter((part) => filters.length === 0 || filters.some((f) => part.name.includes(f)))

const results: Array<SoakResult> = []
for (const part of chosen) {
  const result = await soak(part, operations)
  results.push(result)
  console.log(
    `${part.name}: ${result.operations} ops, ${result.growthMbPer10k.toFixed(2)} MB / 10k ops in the last half, ` +
      `${result.startMicros.toFixed(1)} → ${result.endMicros.toFixed(1)} µs/op`
  )
}

const text = table(results)
console.log(`\n${text}`)
if (filters.length === 0) {
  const here = dirname(fileURLToPath(import.meta.url))
  writeResultsPart(
    join(here, "..", "results.md"),
    soakResultsMarker,
    [
      soakResultsMarker,
      "",
      "## Soak (`npm run soak`)",
      "",
      `Written on ${new Date().toISOString().slice(0, 10)}, ${operations} operations per part. Machine: ${machineDescription()}.`,
      "Heap growth: MB per 10,000 operations between the middle and the end of the run, after forced collections.",
      "Time per operation: the mean over the first and over the last tenth of the run (wall clock; virtual time for the",
      "library's own windows and expiries).",
      "",
      text
    ].join("\n")
  )
  console.log("\nwrote the soak part of bench/results.md")
}
