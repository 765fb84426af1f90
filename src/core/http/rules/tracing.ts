/**
 * Rule: tracing (Effect's tracer: a client span per send, propagated as `b3` and `traceparent` headers) only for
 * the platform's own hosts (PlatformConfig.platformHosts) that are also allow-listed, and only for a sample of them:
 * a roll from 1 to 100 against the configured percentage (HTTP-9;
 * traced when roll ≤ percentage, so 0 traces nothing and 100 everything). Every other request gets no span
 * and no propagation headers: trace ids tell another host which requests belong together, and propagation headers
 * force a CORS preflight that other hosts reject. `Tracer.DisablePropagation` set around a call turns it off too.
 *
 * The span is what effect/http's clients make: named `http.client {METHOD}`, kind `client`, with the method, the
 * URL (redacted as in logs, failing closed: src/core/text/redactUrl.ts) and the response status as attributes, and the status as
 * `error.type` for 4xx and 5xx. A send that fails ends the span with the failure redacted ({@link RedactedFailure}):
 * the pipeline's errors quote the request's URL, and a span goes to a tracing backend like a log line. The headers are the
 * ones effect/http's `HttpTraceContext.toHeaders` writes, written here (see {@link propagationHeaders}). The rest of
 * the pipeline runs with the span as its `Tracer.ParentSpan` (spans and log events made there are its children);
 * unlike `Effect.withParentSpan` this records no extra stack frame for the span, which would point into this
 * module rather than the caller's code. The roll uses Effect's `Random`, so tests can seed it.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import type * as Exit from "effect/Exit"
import * as Random from "effect/Random"
import * as Tracer from "effect/Tracer"
import { errorSummary } from "../../browser/errorSummary.ts"
import { printableLines } from "../../text/printableText.ts"
import { redactUrl, redactUrlsIn } from "../../text/redactUrl.ts"
import { hostMatchesSuffix, type TracingSettings } from "../../config/PlatformConfig.ts"
import type { PlatformHttpError } from "../errors.ts"
import type { Rule, Send } from "../pipeline.ts"
import { type HttpRequest, setHeaders } from "../request.ts"
import type { HttpResponse } from "../response.ts"
import type { Targets } from "../targets.ts"

/**
 * The propagation headers this rule writes ({@link propagationHeaders}). They go to platform hosts only, so a
 * request carrying them never follows a redirect either (./redirectGuard.ts).
 */
export const traceHeaderNames: ReadonlyArray<string> = ["b3", "traceparent"]

/**
 * The span's propagation headers, as effect/http's `HttpTraceContext.toHeaders` writes them (written here: that
 * module's Headers object is not needed): B3 single header `{traceId}-{spanId}-{sampled 1|0}[-{parentSpanId}]` and
 * W3C `traceparent` `00-{traceId, 32 hex digits}-{spanId}-{sampled 01|00}`.
 */
const propagationHeaders = (span: Tracer.Span): Record<string, string> => ({
  b3: `${span.traceId}-${span.spanId}-${span.sampled ? "1" : "0"}${
    span.parent._tag === "Some" ? `-${span.parent.value.spanId}` : ""
  }`,
  traceparent: `00-${span.traceId.padStart(32, "0")}-${span.spanId}-${span.sampled ? "01" : "00"}`
})

/**
 * What a span that ended in failure shows of the error (or defect) the send failed with: its tag and message and its
 * stack, with the request's URL, the URL of the error's own `url` field and every other URL written in them redacted
 * (../../browser/errorSummary.ts, ../../text/redactUrl.ts `redactUrlsIn`: a stack names script URLs, which may be
 * signed, and a server's message may quote another URL), before any cut, made printable (../../text/printableText.ts:
 * the stack line by line, keeping its line breaks), and nothing else of it. A tracer's
 * exporter reads the span's exit: its Cause, and of each error the name, message, stack, own fields and `cause`
 * (`Cause.pretty` copies them all); the pipeline's errors quote the URL in their message and keep it in `url`, and
 * what fetch threw (a FetchError's `cause`) may quote it too, so none of those are kept.
 */
export class RedactedFailure extends Error {
  /** The error's `_tag` (or `name`), as the original's. */
  readonly _tag: string
  constructor(tag: string, message: string, stack: string) {
    super(message)
    this._tag = tag
    this.name = tag
    this.stack = stack
  }
}

/** `failure` as the span shows it ({@link RedactedFailure}), the URL `url` redacted. */
const redactedFailure = (failure: unknown, url: string): RedactedFailure => {
  const { message, tag } = errorSummary(failure, { url, everyUrl: true })
  const own = typeof failure === "object" && failure !== null ? (failure as { url?: unknown; stack?: unknown }) : {}
  const stack =
    typeof own.stack === "string"
      ? printableLines(redactUrlsIn(own.stack, typeof own.url === "string" ? [url, own.url] : [url]))
      : `${tag}: ${message}`
  return new RedactedFailure(tag, message, stack)
}

/** `cause` as the span ends with it: each failure and defect redacted ({@link redactedFailure}), interruptions kept. */
const redactedCause = (cause: Cause.Cause<unknown>, url: string): Cause.Cause<RedactedFailure> =>
  Cause.fromReasons(
    cause.reasons.map((reason) =>
      reason._tag === "Fail"
        ? Cause.makeFailReason(redactedFailure(reason.error, url))
        : reason._tag === "Die"
          ? Cause.makeDieReason(redactedFailure(reason.defect, url))
          : reason
    )
  )

/**
 * Send `request` in a client span (the parent span of the send), with the span's propagation headers. The send runs
 * to its exit inside the span; a failure (an error, a defect, an interruption) ends the span with its redacted form
 * ({@link redactedCause}), and the caller gets the send's own exit, unchanged, once the span has ended. The span is
 * ended uninterruptibly: an interruption of the send ends it too.
 */
const traced = (request: HttpRequest, send: Send): Effect.Effect<HttpResponse, PlatformHttpError> =>
  Effect.uninterruptibleMask((restore) => {
    let outcome: Exit.Exit<HttpResponse, PlatformHttpError> | undefined
    const inSpan = Effect.useSpan(`http.client ${request.method}`, { kind: "client" }, (span) => {
      span.attribute("http.request.method", request.method)
      // A span goes to a tracing backend, like a log line: the URL as every log shows it (OpenTelemetry's `url.full`
      // must not carry credentials either).
      span.attribute("url.full", redactUrl(request.url))
      const sent = Effect.provideService(send(setHeaders(request, propagationHeaders(span))), Tracer.ParentSpan, span)
      return Effect.flatMap(Effect.exit(restore(sent)), (exit) => {
        outcome = exit
        if (exit._tag === "Failure") return Effect.failCause(redactedCause(exit.cause, request.url))
        span.attribute("http.response.status_code", exit.value.status)
        if (exit.value.status >= 400) span.attribute("error.type", String(exit.value.status))
        return Effect.void
      })
    })
    return Effect.flatMap(Effect.exit(inSpan), () => outcome!)
  })

/** Trace a sample of the sends to allow-listed platform hosts; no rule at all when the percentage is 0. */
export const tracing = (settings: TracingSettings, targets: Targets): Rule | undefined =>
  settings.samplingPercentage <= 0
    ? undefined
    : (request, send) => {
        const target = targets(request.url)
        if (!target.platform || !hostMatchesSuffix(target.host!, settings.allowedHostSuffixes)) return send(request)
        return Effect.withFiber((fiber) =>
          fiber.getRef(Tracer.DisablePropagation)
            ? send(request)
            : Effect.flatMap(Random.nextIntBetween(1, 100), (roll) =>
                roll <= settings.samplingPercentage ? traced(request, send) : send(request)
              )
        )
      }
