import { readFileSync, readdirSync } from "node:fs"
const dir = process.argv[2]
const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"))
const prof = JSON.parse(readFileSync(`${dir}/${file}`, "utf8"))
const self = new Map()
const byId = new Map(prof.nodes.map((n) => [n.id, n]))
const dt = prof.timeDeltas
const counts = new Map()
prof.samples.forEach((id, i) => counts.set(id, (counts.get(id) ?? 0) + (dt[i] ?? 0)))
for (const [id, t] of counts) {
  const n = byId.get(id)
  const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.replace(/.*\/(node_modules\/)?/, "")}:${n.callFrame.lineNumber}`
  self.set(key, (self.get(key) ?? 0) + t)
}
const total = [...self.values()].reduce((a, b) => a + b, 0)
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((v / total * 100).toFixed(1).padStart(5), k)
