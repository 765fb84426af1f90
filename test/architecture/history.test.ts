/**
 * The repository speaks of what the code does and why, never of how the work on it was organised:
 *
 * - no work-item words in README.md, docs/, src/, test/, bench/ (its generated results.md aside), examples/,
 *   scripts/ or size/: an issue, session, round, stream or helper followed by a number (a figure or a word), and an
 *   issue as a work item ("the issue's probes", "as this issue asked"; an `issue of` a
 *   Schema decode is Effect's word and stays);
 * - benchmark figures (a number of µs, or a ratio such as `1.8×`) only in docs/performance.md and bench/: not in
 *   another doc (docs/bundle-size.md holds size figures, which are not benchmarks) and not in a source comment,
 *   where they would go stale; those places say what is measured and link to docs/performance.md.
 *
 * This file's controls hold the phrases it looks for (written with escapes), so it is the one file the first rule
 * does not read.
 */
import { describe, expect, it } from "@effect/vitest"
import { repositoryFiles } from "./repositoryFiles.ts"

const thisFile = "test/architecture/history.test.ts"
const numberWords = "one|two|three|four|five|six|seven|eight|nine|ten"

/** The patterns of the first rule, each with what it finds. */
const historyPatterns: ReadonlyArray<RegExp> = [
  // a work item followed by a number, with or without `#`
  /\b(?:issue|session|round|stream|helper)s? ?#?\d+\b/gi,
  // the same with the number spelled out: "round two", "session three"
  new RegExp(`\\b(?:issue|session|round|stream|helper) (?:${numberWords})\\b`, "gi"),
  // an issue as a work item: "the issue's probes", "as this issue asked", "later issues" (not "the issue of …")
  /\b(?:the|this|that|later|earlier|previous|next|its|their|our) issue(?:'s|s)?\b(?! of\b)/gi
]

/** A benchmark figure: a number of microseconds, or a ratio (`1.8×`; a size such as `0×0` is not one). */
const figurePatterns: ReadonlyArray<RegExp> = [/\b\d+(?:[.,]\d+)? ?µs\b/g, /\b\d+(?:\.\d+)?×(?![\d])/g]

/** Where `patterns` match in `text`: `path:line: the match`. */
const findings = (path: string, text: string, patterns: ReadonlyArray<RegExp>): Array<string> =>
  text
    .split("\n")
    .flatMap((line, index) =>
      patterns.flatMap((pattern) => [...line.matchAll(pattern)].map((m) => `${path}:${index + 1}: ${m[0]}`))
    )

/** The comments of a TypeScript source (block and line comments; a `//` inside a string or URL is not one). */
const commentsOf = (text: string): string =>
  [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/.*$/gm)].map((m) => m[0]).join("\n")

const historyScope = repositoryFiles([
  "README.md",
  "docs",
  "src",
  "test",
  "bench",
  "examples",
  "scripts",
  "size"
]).filter((file) => file.path !== "bench/results.md" && file.path !== thisFile)

/** Where benchmark figures belong besides bench/, and the size measurements that are not benchmarks. */
const figuresAllowed = new Set(["docs/performance.md", "docs/bundle-size.md"])

describe("the repository speaks of itself only", () => {
  it("no issue, session, round, stream or helper numbers, and no issue as a work item", () => {
    expect(historyScope.length).toBeGreaterThan(500)
    expect(historyScope.flatMap((file) => findings(file.path, file.text, historyPatterns))).toEqual([])
  })

  it("benchmark figures only in docs/performance.md: none in another doc or in a source comment", () => {
    const docs = repositoryFiles(["docs"]).filter((file) => file.path.endsWith(".md") && !figuresAllowed.has(file.path))
    const sources = repositoryFiles(["src"]).filter((file) => /\.tsx?$/.test(file.path))
    expect(docs.length).toBeGreaterThan(10)
    expect(sources.length).toBeGreaterThan(300)
    expect([
      ...docs.flatMap((file) => findings(file.path, file.text, figurePatterns)),
      ...sources.flatMap((file) => findings(file.path, commentsOf(file.text), figurePatterns))
    ]).toEqual([])
  })

  it("control: the patterns find history words and figures, and leave the look-alikes alone", () => {
    const history = (text: string) => findings("x", text, historyPatterns).map((f) => f.slice("x:1: ".length))
    // the words written as escapes, so that this file holds none of the phrases it looks for
    expect(
      history("Targets (\u0069ssue 18): fast. In \u0073ession 3, then \u0053ession #4, round two, helper 2, streams 3")
    ).toEqual(["\u0069ssue 18", "\u0073ession 3", "\u0053ession #4", "helper 2", "streams 3", "round two"])
    expect(history("the issue's probes; as this issue asked; later issues")).toEqual([
      "the issue's",
      "this issue",
      "later issues"
    ])
    expect(history("or the issue of the first that cannot be; a GitHub issue; the session's token; 41 rounds")).toEqual(
      []
    )
    const figures = (text: string) => findings("x", text, figurePatterns).map((f) => f.slice("x:1: ".length))
    expect(figures("about 3 µs; 2.5µs more; 1.8× raw fetch; 4× DataLoader")).toEqual(["3 µs", "2.5µs", "1.8×", "4×"])
    expect(figures("an iframe 0×0, get × N, 100 ms")).toEqual([])
    expect(commentsOf('const a = "https://x" // about 3 µs\n/** 1.8× */ const b = "1.8×"')).toBe(
      "// about 3 µs\n/** 1.8× */"
    )
  })
})
