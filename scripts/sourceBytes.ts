/**
 * Which source module each byte of a built chunk comes from, read from the chunk's source map: what
 * `npm run size -- --modules` reports. A module's bytes are counted in the minified chunk the page loads, after
 * tree-shaking and after the minifier's own dead-code removal (a module's pre-minification length over-counts:
 * the minifier drops much that the bundler kept).
 *
 * A source-map segment says where a run of generated code starts and which source it comes from; the run ends where
 * the next segment starts. Runs without a source (the bundler's own glue) are counted under {@link unmapped}.
 *
 * @module
 */

/** The key under which generated code that maps to no source is counted. */
export const unmapped = "(no source: the bundler's glue)"

/** The parts of a source map (version 3) read here. */
export interface SourceMap {
  readonly sources: ReadonlyArray<string | null>
  readonly mappings: string
}

const base64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
const digit = new Map([...base64].map((c, i) => [c, i]))

/**
 * The numbers of one segment: base64 VLQ, 5 bits a digit, the sixth a continuation bit, the sign in the lowest bit.
 * A segment has 1, 4 or 5 fields; anything else (an empty segment, a number cut short) is an error, not a guess.
 */
export const decodeSegment = (segment: string): Array<number> => {
  const values: Array<number> = []
  let value = 0
  let scale = 1
  let open = false
  for (const c of segment) {
    const d = digit.get(c)
    if (d === undefined) throw new Error(`not a base64 VLQ digit: ${c}`)
    value += (d & 31) * scale
    open = (d & 32) !== 0
    if (open) {
      scale *= 32
      continue
    }
    values.push(value % 2 === 1 ? -Math.floor(value / 2) : value / 2)
    value = 0
    scale = 1
  }
  if (open) throw new Error(`a VLQ number cut short in segment "${segment}"`)
  if (![1, 4, 5].includes(values.length)) throw new Error(`a segment of ${values.length} fields: "${segment}"`)
  return values
}

/** Bytes of `code` by source (as the map names it), every byte counted once. */
export const bytesBySource = (code: string, map: SourceMap): Map<string, number> => {
  const lines = code.split("\n")
  const bytes = new Map<string, number>()
  const add = (source: string, n: number) => n > 0 && bytes.set(source, (bytes.get(source) ?? 0) + n)
  const mapped = map.mappings === "" ? [] : map.mappings.split(";")
  let sourceIndex = 0
  lines.forEach((text, lineNumber) => {
    const newline = lineNumber < lines.length - 1 ? 1 : 0
    let column = 0
    let current = unmapped
    let from = 0
    const line = mapped[lineNumber] ?? ""
    for (const segment of line === "" ? [] : line.split(",")) {
      const [columnDelta, sourceDelta] = decodeSegment(segment)
      column += columnDelta!
      add(current, Buffer.byteLength(text.slice(from, column)))
      from = column
      if (sourceDelta === undefined) current = unmapped
      else {
        sourceIndex += sourceDelta
        current = map.sources[sourceIndex] ?? unmapped
      }
    }
    add(current, Buffer.byteLength(text.slice(from)) + newline)
  })
  return bytes
}
