/**
 * The configuration a page's `<meta>` tags give (`platformConfigFromPageMetadata` over a memory page), with what it
 * logged: the tests of the tag readers share it.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { MetaData } from "../../../src/core/browser/PageMetadata.ts"
import { platformConfigFromPageMetadata } from "../../../src/core/config/fromPageMetadata.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryPageMetadata } from "../../../src/testing/memory/MemoryPageMetadata.ts"

/**
 * Decode `tags`: the configuration, the log lines as [level, text], and every logged part as JSON (`raw`, without the
 * lines whose text is `rawLeavesOut`), to look for a value that must not be logged.
 */
export const decodeTags = (tags: Readonly<Record<string, MetaData>>, rawLeavesOut?: string) =>
  Effect.gen(function* () {
    const config = yield* platformConfigFromPageMetadata
    const logs = yield* (yield* MemoryLogger).entries
    const raw = JSON.stringify(logs.filter((l) => l.text !== rawLeavesOut).map((l) => l.message))
    return { config, logs: logs.map((l) => [l.level, l.text] as const), raw }
  }).pipe(Effect.provide(Layer.merge(MemoryPageMetadata.layer(tags), MemoryLogger.layer())))
