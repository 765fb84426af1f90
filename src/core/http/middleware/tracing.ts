/**
 * Rule: tracing (Effect's tracer: a client span per send, propagated as `b3` and `traceparent` headers) only for
 * the platform's own hosts (PlatformConfig.platformHosts) that are also allow-listed, and only for a sample of them:
 * a roll from 1 to 100 against the configured percentage (spec §9: "Tracing sampling is a percentage from a 1-100
 * roll"; traced when roll ≤ percentage, so 0 traces nothing and 100 everything). Every other request gets no span
 * and no propagation headers: trace ids tell another host which requests belong together, and propagation headers
 * force a CORS preflight that other hosts reject. `Tracer.DisablePropagation` set around a call turns it off too.
 *
 * The span is what effect/http's clients make: named `http.client {METHOD}`, kind `client`, with the method, the
 * URL (redacted as in logs: src/core/text/redactUrl.ts) and the response status as attributes, and the status as `error.type` for 4xx and 5xx; the headers are the
 * ones effect/http's `HttpTraceContext.toHeaders` writes, written here (see {@link propagationHeaders}). The rest of
 * the pipeline runs with the span as its `Tracer.ParentSpan` (spans and log events made there are its children);
 * unlike `Effect.withParentSpan` this records no extra stack frame for the span, which would point into this
 * module rather than the caller's code. The roll uses Effect's `Random`, so tests can seed it.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Random from "effect/Random"
import * as Tracer from "effect/Tracer"
import { redactUrl } from "../../text/redactUrl.ts"
import { hostMatchesSuffix, type TracingSettings } from "../../config/PlatformConfig.ts"
import type { Rule, Send } from "../pipeline.ts"
import { type HttpRequest, setHeaders } from "../request.ts"
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

/** Send `request` in a client span (the parent span of the send), with the span's propagation headers. */
const traced = (request: HttpRequest, send: Send) =>
  Effect.useSpan(`http.client ${request.method}`, { kind: "client" }, (span) => {
    span.attribute("http.request.method", request.method)
    // A span goes to a tracing backend, like a log line: the URL as every log shows it (OpenTelemetry's `url.full`
    // must not carry credentials either).
    span.attribute("url.full", redactUrl(request.url))
    return Effect.map(
      Effect.provideService(send(setHeaders(request, propagationHeaders(span))), Tracer.ParentSpan, span),
      (response) => {
        span.attribute("http.response.status_code", response.status)
        if (response.status >= 400) span.attribute("error.type", String(response.status))
        return response
      }
    )
  })

/** Trace a sample of the sends to allow-listed platform hosts; no rule at all when the percentage is 0. */
export const tracing = (settings: TracingSettings, targets: Targets): Rule | undefined =>
  settings.samplingPercentage <= 0 ? undefined : (request, send) => {
    const target = targets(request.url)
    if (!target.platform || !hostMatchesSuffix(target.host!, settings.allowedHostSuffixes)) return send(request)
    return Effect.withFiber((fiber) =>
      fiber.getRef(Tracer.DisablePropagation)
        ? send(request)
        : Effect.flatMap(Random.nextIntBetween(1, 100), (roll) =>
          roll <= settings.samplingPercentage ? traced(request, send) : send(request))
    )
  }
