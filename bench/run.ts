/**
 * `npm run bench`: runs every bench/*.bench.ts in one process, prints each section, writes bench/results.md.
 * It runs on Node's own type stripping (no tsx): tsx's transform wraps every function it creates in a naming
 * helper, a cost the peers (plain JavaScript from node_modules) would not pay.
 * The real-browser benchmark is separate (`npm run bench:browser`, bench/browser/run.ts); its part of results.md is
 * kept.
 * `npm run bench -- name` runs only the benchmarks whose file name contains `name`.
 */
import { readdirSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"
import { type Benchmark, fmt, machineDescription, type Section, writeResultsPart } from "./lib.ts"

const here = dirname(fileURLToPath(import.meta.url))
const filter = process.argv[2]
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts") && (!filter || f.includes(filter)))
  .sort()

const machine = machineDescription()

const render = (section: Section): string => {
  const lines = [`## ${section.title}`, "", "| contender | value | note |", "|---|---:|---|"]
  for (const row of section.rows) lines.push(`| ${row.name} | ${fmt(row.value)} ${row.unit} | ${row.note ?? ""} |`)
  if (section.ratios.length) lines.push("", ...section.ratios.map((r) => `- ${r}`))
  if (section.notes.length) lines.push("", ...section.notes.map((n) => `- ${n}`))
  return lines.join("\n")
}

const sections: Array<string> = []
for (const file of files) {
  const bench = (await import(pathToFileURL(join(here, file)).href)).default as Benchmark
  console.log(`\n# ${bench.name} (${file})`)
  const text = render(await bench.run())
  console.log(text)
  sections.push(text)
}

const report = [
  "# Benchmark results",
  "",
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}. Machine: ${machine}.`,
  "Contenders within a section ran side by side in one process, interleaved in rounds; values are medians.",
  "",
  ...sections.flatMap((s) => [s, ""])
].join("\n")
// the browser benchmarks' parts (npm run bench:browser, bench:browser-batch) are kept as they are
const resultsPath = join(here, "results.md")
if (!filter) writeResultsPart(resultsPath, undefined, report)
console.log(filter ? "\n(filtered run: bench/results.md left as it was)" : "\nwrote bench/results.md")
