/**
 * Properties of the one URL-redaction rule (src/core/text/redactUrl.ts, docs/security.md "Nothing secret in a log"):
 * it fails closed. Over generated URLs (test/core/text/redactUrl.arbitraries.ts) that carry one to three values
 * under names that are not on the allow-list (the platform's own secret names: two-step and recovery codes, PINs,
 * cookie names, signed URLs' policies and signatures, challenge and share-link values; and generated names of any
 * spelling) or under allow-listed names with values that are not plain, among ordinary allow-listed pairs, in URLs
 * of every shape, nested or not:
 *
 * - no writer writes any of those values: `redactUrl`, `redactUrlIn` and `redactUrlsIn` (for a text quoting the
 *   URL), `errorSummary`/`describeError` (an error whose message quotes the URL), a traced request's span (its
 *   attributes, the failure it ends with: message and stack), a devtools request row, the payment event's `refurl`;
 * - `redactUrlIn` also blanks their echoes elsewhere in the text (decoded, and as the URL parser writes them), when
 *   the rule reads them (not nested deeper than 3 encodings in all, not in JSON);
 * - nothing written holds a control, line or paragraph separator or bidi character.
 *
 * The oracle is independent of the rule: each hidden value is framed by two markers no name, host or placeholder
 * holds; a marker in any output is a leak. A control test shows the oracle can fail (plain values of allow-listed
 * names are shown). The last test prints the figures (names and values tried, leaked) and fails when a kind of name,
 * or any of the platform's secret names, was not exercised.
 */
import { assert, describe, it } from "vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type * as Tracer from "effect/Tracer"
import * as fc from "fast-check"
import { describeError, errorSummary } from "../../src/core/browser/errorSummary.ts"
import { requestRow } from "../../src/core/devtools/rows.ts"
import { FetchError } from "../../src/core/http/errors.ts"
import { tracing } from "../../src/core/http/rules/tracing.ts"
import { makeRequest } from "../../src/core/http/request.ts"
import { makeTargets } from "../../src/core/http/targets.ts"
import { redactUrl, redactUrlIn, redactUrlsIn } from "../../src/core/text/redactUrl.ts"
import { isShownParameter } from "../../src/core/text/shownParameters.ts"
import { paymentPayload } from "../../src/platform/payments/payload.ts"
import {
  allPlatformSecretNames,
  leaks,
  type NameKind,
  shownCase,
  type UrlCase,
  urlCase
} from "../core/text/redactUrl.arbitraries.ts"

/** Characters no written text may hold: C0 and C1 controls, DEL, line and paragraph separators, bidi controls. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const unprintable = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/

/** `url` on a traced platform host: the case's query and fragment after `https://apis.example.com/v1/things`. */
const onPlatform = (url: string) => `https://apis.example.com/v1/things${url.slice(url.indexOf("?"))}`

const tracingRule = tracing(
  { allowedHostSuffixes: [".example.com"], samplingPercentage: 100 },
  makeTargets(["example.com"])
)!

/**
 * Every text a tracer's exporter reads of the span of a traced GET of `url` whose fetch failed quoting the URL: the
 * attributes, the failure's name and message, and each line of its stack (a stack keeps its line breaks).
 */
const spanTexts = (url: string): Array<string> => {
  const spans: Array<Tracer.AnySpan> = []
  const failed = new FetchError({ url, method: "GET", cause: new TypeError(`Failed to fetch ${url}`) })
  const send = () =>
    Effect.flatMap(Effect.orDie(Effect.currentParentSpan), (span) => (spans.push(span), Effect.fail(failed)))
  Effect.runSync(Effect.exit(tracingRule(makeRequest("GET", url), send)))
  const span = spans[0] as Tracer.Span
  const exit = (span.status as Extract<Tracer.SpanStatus, { _tag: "Ended" }>).exit
  const shown = Exit.isFailure(exit)
    ? exit.cause.reasons.flatMap((r) => (r._tag === "Fail" ? [r.error as Error] : []))
    : []
  assert.strictEqual(shown.length, 1)
  return [
    JSON.stringify([...span.attributes]),
    ...shown.flatMap((e) => [e.name, e.message, ...(e.stack ?? "").split("\n")])
  ]
}

const flow = {
  uuid: "00000000-0000-4000-8000-000000000000",
  context: "WebRobuxPurchase",
  viewPath: "/upgrades"
} as never

/** What every writer wrote for `url`, by writer: each a list of texts (lines). */
const written = (url: string, echo: string): Record<string, ReadonlyArray<string>> => {
  const absolute = new URL(url, "https://www.example.com/").href
  const quoting = new Error(`no route for ${url}; ${echo}`)
  return {
    redactUrl: [redactUrl(url)],
    redactUrlIn: [redactUrlIn(`Request to ${url} failed`, url)],
    redactUrlsIn: [redactUrlsIn(`see ${absolute} now`)],
    errorSummary: Object.values(errorSummary(new FetchError({ url, method: "GET", cause: undefined }))),
    describeError: [
      describeError(quoting, { url }),
      describeError(new Error(`see ${absolute} now`), { everyUrl: true })
    ],
    span: spanTexts(onPlatform(url)),
    devtoolsRow: [requestRow(1, { _tag: "RequestSent", call: 1, method: "GET", url, platform: true }).url],
    refurl: [paymentPayload(flow, {}, { referrer: url, path: "/upgrades" }, 100_000).refurl]
  }
}

/**
 * The forms a server may echo a hidden value in: decoded, and as written in its own URL (percent-encoded). A value
 * holding a `'` is echoed decoded only: a URL parser writes `'` in a query as `%27` or raw depending on the scheme and
 * on whether it parsed the URL the value is nested in, so its encoded form has two spellings (the rule blanks the
 * one the parser wrote).
 */
const echoOf = (c: UrlCase) =>
  c.pairs
    .map((pair) =>
      pair.value.includes("'") ? pair.value : `${pair.value} (sent as ${encodeURIComponent(pair.value)})`
    )
    .join(", ")

/** Tallies of a run, for the figures. */
const figures = {
  cases: 0,
  names: new Map<NameKind, Set<string>>(),
  values: 0,
  nested: 0,
  written: 0,
  leaked: 0,
  echoesChecked: 0,
  echoesLeaked: 0,
  unprintable: 0
}

const tally = (c: UrlCase, outputs: Record<string, ReadonlyArray<string>>, echoed: string | undefined) => {
  figures.cases += 1
  figures.nested += c.nesting > 0 ? 1 : 0
  for (const pair of c.pairs) {
    figures.values += 1
    figures.names.set(pair.kind, (figures.names.get(pair.kind) ?? new Set()).add(pair.name))
  }
  for (const text of Object.values(outputs).flat()) {
    figures.written += 1
    if (leaks(text)) figures.leaked += 1
    if (unprintable.test(text)) figures.unprintable += 1
  }
  if (echoed !== undefined) {
    figures.echoesChecked += 1
    if (leaks(echoed)) figures.echoesLeaked += 1
  }
}

describe("redactUrl fails closed: no value off the allow-list is written, by any writer (property)", () => {
  it("redactUrl, redactUrlIn, redactUrlsIn, errorSummary, describeError, the span, the devtools row and refurl never write a hidden value", () => {
    fc.assert(
      fc.property(urlCase, (c) => {
        const echo = c.echoesBlanked ? echoOf(c) : ""
        const outputs = written(c.url, echo)
        const echoed = c.echoesBlanked
          ? redactUrlIn(`Request to ${c.url} failed: the server says ${echo}`, c.url)
          : undefined
        tally(c, outputs, echoed)
        for (const [writer, texts] of Object.entries(outputs)) {
          for (const text of texts) {
            assert.isFalse(leaks(text), `${writer} wrote a hidden value of ${c.url}: ${text}`)
            assert.notMatch(text, unprintable, `${writer}: ${JSON.stringify(text)}`)
          }
        }
        if (echoed !== undefined) assert.isFalse(leaks(echoed), `an echo of a value of ${c.url}: ${echoed}`)
      }),
      { numRuns: 1_500 }
    )
  })

  it("control: a plain value of an allow-listed name is shown by every writer of URLs (the oracle can fail)", () => {
    fc.assert(
      fc.property(shownCase, (url) => {
        const outputs = written(url, "")
        for (const writer of ["redactUrl", "redactUrlIn", "redactUrlsIn", "span", "devtoolsRow", "refurl"]) {
          assert.isTrue(leaks(outputs[writer]!.join("\n")), `${writer}: ${outputs[writer]}`)
        }
      }),
      { numRuns: 100 }
    )
  })

  it("figures: names and values tried, written and leaked; every kind of name and every platform secret name exercised", () => {
    const line =
      `redaction: ${figures.cases} URLs (${figures.nested} nested), ${figures.values} hidden values under ` +
      [...figures.names].map(([kind, names]) => `${names.size} ${kind} names`).join(", ") +
      `; ${figures.written} texts written by 8 writers, ${figures.leaked} with a hidden value, ${figures.unprintable} unprintable; ` +
      `${figures.echoesChecked} texts echoing the values, ${figures.echoesLeaked} leaked`
    console.log(line)
    assert.strictEqual(figures.leaked + figures.echoesLeaked + figures.unprintable, 0, line)
    assert.isAbove(figures.cases, 1_000, line)
    const platform = figures.names.get("platform") ?? new Set()
    assert.deepStrictEqual(
      allPlatformSecretNames.filter((name) => !platform.has(name)),
      [],
      line
    )
    assert.isAbove(figures.names.get("generated")?.size ?? 0, 300, line)
    assert.isAbove(figures.names.get("allow-listed, unsafe value")?.size ?? 0, 30, line)
    assert.isAbove(figures.echoesChecked, 500, line)
    for (const name of allPlatformSecretNames) assert.isFalse(isShownParameter(name), name)
  })
})
