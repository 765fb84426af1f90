/**
 * The dependency rules of docs/architecture.md, checked on the sources: every import of every file under src/
 * (static, type-only, re-exports, side effects, dynamic `import()`), read from the text with comments removed.
 * A rule lists every import that breaks it, so a failure names the file and the import to fix.
 */
import { describe, expect, it } from "@effect/vitest"
import { dirname, relative, resolve } from "node:path"
import { type RepositoryFile, repositoryFiles, repositoryRoot as root } from "./repositoryFiles.ts"

/** One import: the importing file and what it names, both relative to the repository root when local. */
interface Import {
  readonly from: string
  /** A repository path (`src/core/http/PlatformHttp.ts`) for a relative import, else the package specifier. */
  readonly to: string
  readonly dynamic: boolean
  /** `import type` / `export type`: names a type, brings in no code. */
  readonly typeOnly: boolean
}

/** The text without comments (strings are kept: import specifiers are strings). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1")

/** `import … from "x"`, `export … from "x"`, `import "x"`, and `import("x")` that is not a type (`typeof import`). */
const importPattern =
  /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^"'`;]*?\s+from\s+)?["']([^"']+)["']|(?<!typeof\s+)\bimport\(\s*["']([^"']+)["']\s*\)/g

/** Every import in `files`. */
const importsOf = (files: ReadonlyArray<RepositoryFile>): Array<Import> =>
  files.flatMap((file) => {
    const text = withoutComments(file.text)
    return [...text.matchAll(importPattern)].map((match): Import => {
      const specifier = (match[2] ?? match[3])!
      return {
        from: file.path,
        to: specifier.startsWith(".") ? relative(root, resolve(root, dirname(file.path), specifier)) : specifier,
        dynamic: match[3] !== undefined,
        typeOnly: match[1] !== undefined
      }
    })
  })

const imports = importsOf(repositoryFiles(["src"]).filter((file) => /\.tsx?$/.test(file.path)))

/** The emulator: a Node development tool shipped as `/emulator`, not part of the library a page loads. */
const emulator = "src/emulator/"

/** The library's own imports: src/core, src/platform, src/react, src/testing and the entry files (not the emulator). */
const library = imports.filter((i) => !i.from.startsWith(emulator))

const show = (list: ReadonlyArray<Import>) => list.map((i) => `${i.from} -> ${i.to}${i.dynamic ? " (dynamic)" : ""}`)

/**
 * The layers of a concept, kept in the concept's folder (`Signing`, `Challenges`) but composing as `wiring` does:
 * they build the concept's services over the on-demand boundary. They count as `wiring`: they may import anything
 * in the core, and nothing in the core but `wiring` imports them.
 */
const conceptLayers: ReadonlyArray<string> = ["src/core/signing/Signing.ts", "src/core/challenge/Challenges.ts"]

/**
 * Sub-folders that are concerns of their own: the security frame (`signing/frame`, above the signer's parts) and
 * device attestation (`signing/attestation`, a sign-in call over the pipeline). The other sub-folders of a concept
 * (`signing/token`, `signing/keys`, `signing/policy`, `challenge/presenters`) belong to it.
 */
const subConcerns: ReadonlyArray<string> = ["signing/frame", "signing/attestation"]

/** The core's concern of a path under src/core (its folder, or a sub-concern), or undefined outside the core. */
const concernOf = (path: string): string | undefined => {
  if (conceptLayers.includes(path)) return "wiring"
  const match = /^src\/core\/([^/]+)\/(?:([^/]+)\/)?/.exec(path)
  if (match === null) return undefined
  const sub = `${match[1]}/${match[2]}`
  return match[2] !== undefined && subConcerns.includes(sub) ? sub : match[1]
}

/**
 * The contracts through which the pipeline (http) uses signing and the challenge flow without depending on them
 * (docs/architecture.md): the service keys RequestSigner and ChallengeInterceptor, and the vocabulary the
 * pipeline names (the signing failure, the challenge error, the challenge header names and enumerations).
 */
const contracts: ReadonlyArray<string> = [
  "src/core/signing/RequestSigner.ts",
  "src/core/signing/SigningFailure.ts",
  "src/core/challenge/ChallengeInterceptor.ts",
  "src/core/challenge/ChallengeError.ts",
  "src/core/challenge/headerNames.ts",
  "src/core/challenge/enums.ts"
]

/**
 * The light request's builders (pure functions over a plain object: `makeRequest`, `setHeader`, `withJsonBody`),
 * which a signer uses to add its header and the security frame to post its metrics.
 */
const requestBuilders = "src/core/http/request.ts"

/** The pipeline's header-value check (a pure function): the CSRF store and the frame's metrics keep only legal tokens. */
const headerValueCheck = "src/core/http/headerValue.ts"

/** The bare transport (one fetch, none of the pipeline's rules): the security frame posts its metrics with it. */
const bareTransport = "src/core/http/transport.ts"

/**
 * The time-out of an effect over the library's shared deadline timer (no rule: a function over an effect): the
 * signer bounds each request's signing with it.
 */
const sharedDeadline = "src/core/http/withDeadline.ts"

/** The pipeline's own values that signers and the challenge flow receive: the request, the response, the errors. */
const pipelineValues: ReadonlyArray<string> = [
  "src/core/http/request.ts",
  "src/core/http/response.ts",
  "src/core/http/errors.ts"
]

/** The foundations: capabilities, configuration and small values, which import no concern above them. */
const foundations = ["browser", "config", "observable", "text"]

/** An entry of {@link allowed} that allows only type-only imports (`import type`) of a module. */
const typeOf = (path: string) => `type:${path}`

/**
 * What each concern of the core may import besides itself: whole concerns by folder name, single modules by
 * path, and single modules for their types only ({@link typeOf}). Everything not listed points backwards.
 * `wiring` composes everything, and nothing in the core imports it.
 */
const allowed: Readonly<Record<string, ReadonlyArray<string>>> = {
  // Error summaries redact the URL of an error's message with the one URL rule (text/redactUrl.ts).
  browser: ["text"],
  config: ["browser"],
  observable: [],
  text: [],
  // The retry cooldown reads a server's Retry-After with the text parser (a pure function).
  batch: ["text"],
  cache: ["browser", "batch"],
  paging: ["observable"],
  // Query retries read a server's Retry-After as the batch cooldowns do (the same parser, header reader and cap) and
  // retry what the batched lookups retry (the transient rule, a pure function); infinite queries stop on the Pager's
  // walk error and bound.
  query: ["observable", "text", "batch", "paging", "src/core/http/transientFailure.ts"],
  // The CSRF store keeps only legal header values, with the pipeline's check (a pure function).
  csrf: [...foundations, headerValueCheck],
  signing: [...foundations, requestBuilders, sharedDeadline, ...pipelineValues.map(typeOf)],
  "signing/frame": [
    ...foundations,
    "signing",
    requestBuilders,
    bareTransport,
    headerValueCheck,
    ...pipelineValues.map(typeOf)
  ],
  // Device attestation asks the hba service for a nonce through PlatformHttp and signs with the signer's key.
  "signing/attestation": [...foundations, "signing", "src/core/http/PlatformHttp.ts"],
  // The observer rule reads the size of the batch being dispatched (a Context.Reference the dispatcher sets).
  http: [...foundations, "csrf", ...contracts, "src/core/batch/currentBatch.ts"],
  // The devtools recorder: the pipeline's observer service and events, and the query client's events (types).
  devtools: [...foundations, "src/core/http/observer.ts", typeOf("src/core/query/QueryEvent.ts")],
  challenge: [...foundations, "csrf", "http"],
  wiring: ["*"]
}

const allows = (rule: ReadonlyArray<string>, i: Import) =>
  rule.includes("*") ||
  rule.includes(concernOf(i.to)!) ||
  rule.includes(i.to) ||
  (i.typeOnly && rule.includes(typeOf(i.to)))

/** The imports among `list` that break {@link allowed}. */
const backwardImports = (list: ReadonlyArray<Import>): Array<Import> =>
  list.filter((i) => {
    const from = concernOf(i.from)
    const to = concernOf(i.to)
    if (from === undefined || to === undefined || from === to) return false
    const rule = allowed[from]
    return rule === undefined || !allows(rule, i)
  })

describe("dependency rules (docs/architecture.md)", () => {
  it("the reader finds the imports it checks (a rule cannot pass on nothing)", () => {
    expect(imports.length).toBeGreaterThan(500)
    expect(show(imports)).toContain("src/core/http/PlatformHttp.ts -> src/core/signing/RequestSigner.ts")
    expect(show(imports)).toContain("src/core/wiring/signingChunk.ts -> src/core/wiring/signingCode.ts (dynamic)")
    expect(show(imports)).toContain("src/core/http/PlatformHttp.ts -> effect/Effect")
  })

  it("the check flags a backward import", () => {
    const probe = (from: string, to: string, typeOnly = false): Import => ({ from, to, dynamic: false, typeOnly })
    expect(
      show(
        backwardImports([
          probe("src/core/signing/keys/KeyStore.ts", "src/core/challenge/ChallengeHandler.ts"),
          probe("src/core/http/PlatformHttp.ts", "src/core/challenge/ChallengeHandler.ts"),
          probe("src/core/http/PlatformHttp.ts", "src/core/signing/Signing.ts"),
          probe("src/core/challenge/ChallengeApi.ts", "src/core/http/PlatformHttp.ts"),
          probe("src/core/http/PlatformHttp.ts", "src/core/challenge/ChallengeInterceptor.ts"),
          probe("src/core/signing/makeRequestSigner.ts", "src/core/http/request.ts"),
          probe("src/core/signing/makeRequestSigner.ts", "src/core/http/response.ts", true),
          probe("src/core/signing/makeRequestSigner.ts", "src/core/http/PlatformHttp.ts"),
          probe("src/core/signing/makeRequestSigner.ts", "src/core/http/transport.ts"),
          probe("src/core/signing/frame/SecurityFrame.ts", "src/core/wiring/onDemand.ts"),
          probe("src/core/signing/makeRequestSigner.ts", "src/core/signing/Signing.ts"),
          probe("src/core/signing/token/BoundAuthTokenSigner.ts", "src/core/signing/frame/SecurityFrame.ts"),
          probe("src/core/signing/attestation/DeviceAttestation.ts", "src/core/http/rules/csrfRetry.ts"),
          probe("src/core/challenge/ChallengeHandler.ts", "src/core/challenge/Challenges.ts"),
          probe("src/core/signing/Signing.ts", "src/core/wiring/onDemand.ts")
        ])
      )
    ).toEqual([
      "src/core/signing/keys/KeyStore.ts -> src/core/challenge/ChallengeHandler.ts",
      "src/core/http/PlatformHttp.ts -> src/core/challenge/ChallengeHandler.ts",
      "src/core/http/PlatformHttp.ts -> src/core/signing/Signing.ts",
      "src/core/signing/makeRequestSigner.ts -> src/core/http/PlatformHttp.ts",
      "src/core/signing/makeRequestSigner.ts -> src/core/http/transport.ts",
      "src/core/signing/frame/SecurityFrame.ts -> src/core/wiring/onDemand.ts",
      "src/core/signing/makeRequestSigner.ts -> src/core/signing/Signing.ts",
      "src/core/signing/token/BoundAuthTokenSigner.ts -> src/core/signing/frame/SecurityFrame.ts",
      "src/core/signing/attestation/DeviceAttestation.ts -> src/core/http/rules/csrfRetry.ts",
      "src/core/challenge/ChallengeHandler.ts -> src/core/challenge/Challenges.ts"
    ])
  })

  it("the core's concerns import only downwards: no backward dependency between http, challenge and signing", () => {
    expect(show(backwardImports(imports))).toEqual([])
  })

  it("the contracts import only the foundations, each other and the pipeline's value types", () => {
    const loose = imports.filter(
      (i) =>
        contracts.includes(i.from) &&
        i.to.startsWith("src/") &&
        !contracts.includes(i.to) &&
        !foundations.includes(concernOf(i.to) ?? "") &&
        !(i.typeOnly && pipelineValues.includes(i.to))
    )
    expect(show(loose)).toEqual([])
  })

  it("the core never imports platform, react, testing or examples; platform never imports react", () => {
    const wrong = imports.filter(
      (i) =>
        (i.from.startsWith("src/core/") && /^(src\/(platform|react|testing)\/|examples\/)/.test(i.to)) ||
        (i.from.startsWith("src/platform/") && i.to.startsWith("src/react/"))
    )
    expect(show(wrong)).toEqual([])
  })

  it("nothing in src imports examples or @effect/platform-node (the emulator runs on node:http)", () => {
    expect(
      show(imports.filter((i) => i.to.startsWith("examples/") || i.to.startsWith("@effect/platform-node")))
    ).toEqual([])
  })

  it("the library never imports Node built-ins or esbuild, and only the /testing/msw entry imports the emulator", () => {
    expect(show(library.filter((i) => /^(node:|esbuild$)/.test(i.to)))).toEqual([])
    expect(show(library.filter((i) => i.to.startsWith(emulator)))).toEqual([
      "src/testing/msw.ts -> src/emulator/msw.ts"
    ])
  })

  it("three dynamic imports in the library: the two on-demand chunks and the devtools panel, which nothing else imports but for types", () => {
    expect(show(library.filter((i) => i.dynamic))).toEqual([
      "src/core/wiring/challengeChunk.ts -> src/core/wiring/challengeCode.ts (dynamic)",
      "src/core/wiring/signingChunk.ts -> src/core/wiring/signingCode.ts (dynamic)",
      "src/react/devtools/lazyPanel.ts -> src/react/devtools/DevtoolsPanel.tsx (dynamic)"
    ])
    const chunks = ["src/core/wiring/signingCode.ts", "src/core/wiring/challengeCode.ts"]
    expect(show(imports.filter((i) => chunks.includes(i.to) && !i.dynamic && !i.typeOnly))).toEqual([])
    expect(
      show(imports.filter((i) => i.to === "src/react/devtools/DevtoolsPanel.tsx" && !i.dynamic && !i.typeOnly))
    ).toEqual([])
  })

  it("each on-demand chunk's loader is imported by the layers of its feature only, so a page without the feature has no chunk", () => {
    const importersOf = (file: string) => show(imports.filter((i) => i.to === file && !i.typeOnly))
    expect(importersOf("src/core/wiring/signingChunk.ts")).toEqual([
      "src/core/signing/Signing.ts -> src/core/wiring/signingChunk.ts"
    ])
    expect(importersOf("src/core/wiring/challengeChunk.ts")).toEqual([
      "src/core/challenge/Challenges.ts -> src/core/wiring/challengeChunk.ts"
    ])
  })

  it("the msw handlers' module graph (every import reachable from src/testing/msw.ts) has no Node built-in or esbuild", () => {
    const reachable = new Set<string>()
    const visit = (file: string): void => {
      if (reachable.has(file)) return
      reachable.add(file)
      for (const i of imports) if (i.from === file && !i.typeOnly && i.to.startsWith("src/")) visit(i.to)
    }
    visit("src/testing/msw.ts")
    expect(reachable).toContain("src/emulator/webHandler.ts")
    expect(reachable).toContain("src/emulator/scripts.ts")
    expect(reachable).not.toContain("src/emulator/node/scripts.ts")
    const nodeOnly = imports.filter((i) => reachable.has(i.from) && !i.typeOnly && /^(node:|esbuild$)/.test(i.to))
    expect(show(nodeOnly)).toEqual([])
  })

  it("the emulator's one dynamic import: esbuild, loaded only when it bundles the browser scripts it serves", () => {
    expect(show(imports.filter((i) => i.dynamic && i.from.startsWith(emulator)))).toEqual([
      "src/emulator/node/scripts.ts -> esbuild (dynamic)"
    ])
  })
})
