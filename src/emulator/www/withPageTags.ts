/**
 * Every page the emulator serves carries the site's tags (./pageHead.ts): a wrapper around each origin's routes that
 * writes them into every successful HTML answer to a GET, whoever made it (the built demo and test pages from
 * `staticDir`, the landing page, the hba lab and frame pages, the challenge page), for the request's session.
 *
 * The `<head>` tags go right after the page's `<meta charset>` (so it stays within the first bytes, where browsers
 * look for it), else right after `<head>`; the `csrf-token` tag at the start of `<body>`. A page without those
 * elements gets them where a browser would infer them. Such answers are per session: they say
 * `Cache-Control: no-store` and lose any `ETag` / `Last-Modified`, so a browser never shows a stale user or token.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { HttpBody, HttpServerRequest, HttpServerResponse } from "effect/http"
import type { EmulatorStateShape } from "../EmulatorState.ts"
import { CurrentSession } from "../platform/session.ts"
import { type PageTags, pageTagsFor } from "./pageHead.ts"

const headOpen = /<head(?:\s[^>]*)?>/i
const charsetMeta = /<meta\s[^>]*charset\s*=[^>]*>/i
const bodyOpen = /<body(?:\s[^>]*)?>/i
const htmlOpen = /<html(?:\s[^>]*)?>/i
const doctype = /^\s*<!doctype[^>]*>/i

/** `html` with `insert` after the first match of `pattern` before `end` (or undefined when there is none). */
const insertAfter = (html: string, pattern: RegExp, insert: string, end = html.length): string | undefined => {
  const match = pattern.exec(html)
  if (match === null || match.index >= end) return undefined
  const at = match.index + match[0].length
  return `${html.slice(0, at)}\n${insert}${html.slice(at)}`
}

/** `html` with the head tags in `<head>` (see the module doc). */
const withHeadTags = (html: string, head: string): string => {
  const headEnd = html.search(/<\/head\s*>/i)
  return (
    insertAfter(html, charsetMeta, head, headEnd === -1 ? html.length : headEnd) ??
    insertAfter(html, headOpen, head) ??
    insertAfter(html, htmlOpen, `<head>\n${head}\n</head>`) ??
    insertAfter(html, doctype, `<head>\n${head}\n</head>`) ??
    `<head>\n${head}\n</head>\n${html}`
  )
}

/** `html` with the page's tags written in (see the module doc). */
export const injectPageTags = (html: string, tags: PageTags): string => {
  const headed = withHeadTags(html, tags.head)
  return insertAfter(headed, bodyOpen, tags.body) ?? `${headed}\n${tags.body}`
}

/** A successful HTML answer (its type in a header, as static files say it, or on its body, as built answers do). */
const isPage = (response: HttpServerResponse.HttpServerResponse): boolean => {
  const type =
    response.headers["content-type"] ?? ("contentType" in response.body ? response.body.contentType : undefined)
  return response.status === 200 && (type ?? "").toLowerCase().startsWith("text/html")
}

/** `response` (a page) with the tags of the request's session written in. */
const tagged = (state: EmulatorStateShape, response: HttpServerResponse.HttpServerResponse) =>
  Effect.gen(function* () {
    const context = yield* Effect.context<never>()
    const html = yield* Effect.promise(() => HttpServerResponse.toWeb(response, { context }).text())
    const tags = pageTagsFor(state, yield* CurrentSession, yield* Clock.currentTimeMillis)
    return response.pipe(
      HttpServerResponse.setBody(HttpBody.text(injectPageTags(html, tags), "text/html; charset=utf-8")),
      HttpServerResponse.removeHeader("content-type"),
      HttpServerResponse.removeHeader("content-length"),
      HttpServerResponse.removeHeader("etag"),
      HttpServerResponse.removeHeader("last-modified"),
      HttpServerResponse.setHeader("cache-control", "no-store")
    )
  })

/** The routes `app` with the site's tags in every page it answers to a GET (see the module doc). */
export const withPageTags =
  (state: EmulatorStateShape) =>
  <E, R>(
    app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
    Effect.flatMap(Effect.all([HttpServerRequest.HttpServerRequest, app]), ([request, response]) =>
      request.method === "GET" && isPage(response) ? tagged(state, response) : Effect.succeed(response)
    )
