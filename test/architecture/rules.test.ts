/**
 * The catalogue of rules (docs/rules.md) and the repository's citations of it:
 *
 * - no section sign in src/, test/, bench/, docs/ or examples/: the documents it would point into are not part of the
 *   repository (a rule is cited by its number instead); a section of a public standard (RFC 9110, section 5.5,
 *   written with the sign) may stay;
 * - every rule number cited in those folders is a row of docs/rules.md;
 * - every file a row names exists, and every test title a row quotes is in that test file;
 * - row numbers are unique, and the counts docs/rules.md gives are the rows' own.
 */
import { describe, expect, it } from "@effect/vitest"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { repositoryFiles, repositoryRoot as root } from "./repositoryFiles.ts"

const catalogue = "docs/rules.md"
/** The section sign, written as an escape so that this file does not hold one. */
const sectionSign = "\u00a7"
/** A section of a public standard: `RFC 9110` followed by the sign and the section's number. */
const standardSection = new RegExp(`\\bRFC \\d+ ${sectionSign}[\\d.]+`, "g")

/** Every text file of the scanned folders, relative to the repository root, with its text. */
const files = repositoryFiles(["src", "test", "bench", "docs", "examples"])

/** One row of a rules table: its number and its cells (pipes written `\|` inside a cell are kept as `|`). */
interface Row {
  readonly id: string
  readonly cells: ReadonlyArray<string>
  readonly line: number
}

const rulesText = readFileSync(join(root, catalogue), "utf8")
const rowPattern = /^\| ([A-Z]+-\d+) \|/

const rows: ReadonlyArray<Row> = rulesText.split("\n").flatMap((text, index) => {
  const match = rowPattern.exec(text)
  if (match === null) return []
  const cells = text
    .replace(/\\\|/g, "\u0000")
    .split("|")
    .slice(1, -1)
    .map((cell) => cell.replaceAll("\u0000", "|").trim())
  return [{ id: match[1]!, cells, line: index + 1 }]
})

/** The area codes, from the table of areas: `| \`CODE\` | … |`. */
const areas = [...rulesText.matchAll(/^\| `([A-Z]+)` \|/gm)].map((m) => m[1]!)
const citation = new RegExp(`(?<![A-Za-z0-9_-])(?:${areas.join("|")})-\\d+(?![A-Za-z0-9_])`, "g")

/** The rules of the specifications (every area but ADD), and those of our own. */
const specRows = rows.filter((row) => !row.id.startsWith("ADD-"))
const statusOf = (row: Row) => row.cells[4]!.split(":")[0]!.trim()

describe("docs/rules.md, the catalogue of rules", () => {
  it("has well-formed rows: five cells, a known area, a status, numbers unique and in order", () => {
    expect(rows.length).toBeGreaterThan(200)
    expect(rows.filter((row) => row.cells.length !== 5).map((row) => row.line)).toEqual([])
    expect(rows.filter((row) => !areas.includes(row.id.split("-")[0]!)).map((row) => row.id)).toEqual([])
    const statuses = ["tested", "implemented", "deviation", "n/a", "not implemented"]
    expect(rows.filter((row) => !statuses.includes(statusOf(row))).map((row) => row.id)).toEqual([])
    expect(
      rows.filter((row) => statusOf(row) !== "tested" && !row.cells[4]!.includes(":")).map((row) => row.id)
    ).toEqual([])
    const ids = rows.map((row) => row.id)
    expect(ids.length).toBe(new Set(ids).size)
    for (const area of areas) {
      const numbers = ids.filter((id) => id.startsWith(`${area}-`)).map((id) => Number(id.split("-")[1]))
      expect(numbers, area).toEqual(numbers.map((_, i) => i + 1))
    }
  })

  it("says how many rules there are, and of each status, as the rows do", () => {
    const count = (status: string) => specRows.filter((row) => statusOf(row) === status).length
    const stated = (label: string) => Number(new RegExp(`^\\| ${label} \\| (\\d+) \\|$`, "m").exec(rulesText)?.[1])
    expect(stated("every rule of both documents")).toBe(specRows.length)
    expect(stated("tested")).toBe(count("tested"))
    expect(stated("implemented, not shown by a test of its own")).toBe(count("implemented"))
    expect(stated("deviation \\(tested\\)")).toBe(count("deviation"))
    expect(stated("n/a")).toBe(count("n/a"))
    expect(stated("not implemented")).toBe(count("not implemented"))
    expect(rulesText).toContain(`Beyond them, ${rows.length - specRows.length} rules of our own`)
  })

  it("names files that exist", () => {
    const missing = rows.flatMap((row) =>
      [
        ...row.cells
          .slice(2, 4)
          .join(" ")
          .matchAll(/`((?:src|test|bench|docs|examples)\/[^`\s]+)`/g)
      ]
        .map((m) => m[1]!)
        .filter((path) => !existsSync(join(root, path)))
        .map((path) => `${row.id}: ${path}`)
    )
    expect(missing).toEqual([])
  })

  it("quotes test titles that are in the test file named before them", () => {
    const absent = rows.flatMap((row) =>
      row.cells[3]!.split(/(?=`test\/)/).flatMap((part) => {
        const path = /^`(test\/[^`]+)`/.exec(part)?.[1]
        if (path === undefined) return []
        const text = readFileSync(join(root, path), "utf8")
        const titles = [...part.matchAll(/"([^"]+)"/g)].map((m) => m[1]!)
        return titles.filter((title) => !text.includes(title)).map((title) => `${row.id}: ${path} "${title}"`)
      })
    )
    expect(absent).toEqual([])
  })
})

describe("citations of the rules", () => {
  it("no section sign outside a public standard's section: the rules are cited by number", () => {
    const signs = files.flatMap(({ path, text }) =>
      text
        .split("\n")
        .flatMap((line, index) =>
          line.replace(standardSection, "").includes(sectionSign) ? [`${path}:${index + 1}: ${line.trim()}`] : []
        )
    )
    expect(signs).toEqual([])
  })

  it("every rule number cited in src, test, bench, docs and examples is a row of docs/rules.md", () => {
    const known = new Set(rows.map((row) => row.id))
    const unknown = files.flatMap(({ path, text }) =>
      [...text.matchAll(citation)]
        .map((m) => m[0])
        .filter((id) => !known.has(id))
        .map((id) => `${path}: ${id}`)
    )
    expect(unknown).toEqual([])
  })

  it("control: the patterns find a rule number and a section sign, and ignore look-alikes and standards", () => {
    const found = (text: string) => [...text.matchAll(citation)].map((m) => m[0])
    expect(found("the token (CSRF-2), then SIGN-8 and CHAL-12.")).toEqual(["CSRF-2", "SIGN-8", "CHAL-12"])
    expect(found("UTF-8, SHA-256, P-256, x-CSRF-2, CSRF-2x, ACSRF-2")).toEqual([])
    expect(`RFC 9110 ${sectionSign}5.5`.replace(standardSection, "")).not.toContain(sectionSign)
    expect(`the spec's ${sectionSign}5`.replace(standardSection, "")).toContain(sectionSign)
  })
})
