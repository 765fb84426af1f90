/**
 * The little of Effect's `FileSystem` that serving a static directory needs (`stat` and `stream`), over `node:fs`:
 * what the www origin's static files (`staticDir`, e.g. the built demo) are read with under Node. Every other
 * operation fails as not supported.
 *
 * @module
 */
import * as ByteSize from "effect/ByteSize"
import * as Effect from "effect/Effect"
import * as FileSystem from "effect/FileSystem"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as PlatformError from "effect/PlatformError"
import * as Stream from "effect/Stream"
import { createReadStream, type Stats } from "node:fs"
import { stat } from "node:fs/promises"

const failure = (method: string, path: string, cause: unknown) =>
  PlatformError.systemError({
    _tag:
      (cause as { code?: unknown }).code === "ENOENT" || (cause as { code?: unknown }).code === "ENOTDIR"
        ? "NotFound"
        : "Unknown",
    module: "FileSystem",
    method,
    pathOrDescriptor: path,
    cause
  })

const info = (stats: Stats): FileSystem.File.Info => ({
  type: stats.isFile() ? "File" : stats.isDirectory() ? "Directory" : "Unknown",
  mtime: Option.some(stats.mtime),
  atime: Option.some(stats.atime),
  birthtime: Option.some(stats.birthtime),
  dev: BigInt(stats.dev),
  ino: Option.some(BigInt(stats.ino)),
  mode: stats.mode,
  nlink: Option.some(BigInt(stats.nlink)),
  uid: Option.some(stats.uid),
  gid: Option.some(stats.gid),
  rdev: Option.some(BigInt(stats.rdev)),
  size: ByteSize.bytes(stats.size),
  blksize: Option.some(ByteSize.bytes(stats.blksize)),
  blocks: Option.some(BigInt(stats.blocks))
})

const bytesOf = (input: ByteSize.Input | undefined): number | undefined =>
  input === undefined ? undefined : Number(ByteSize.toBigInt(ByteSize.fromInputUnsafe(input)))

/** Node's file system for static files: `stat` and `stream` (with an offset and a length, for ranges). */
export const nodeStaticFileSystem: Layer.Layer<FileSystem.FileSystem> = FileSystem.layerNoop({
  stat: (path) =>
    Effect.tryPromise({ try: () => stat(path), catch: (cause) => failure("stat", path, cause) }).pipe(Effect.map(info)),
  stream: (path, options = {}) => {
    const start = bytesOf(options.offset) ?? 0
    const length = bytesOf(options.bytesToRead)
    return Stream.fromAsyncIterable(
      createReadStream(path, {
        start,
        ...(length === undefined ? {} : { end: start + length - 1 })
      }) as AsyncIterable<Uint8Array>,
      (cause) => failure("stream", path, cause)
    )
  }
})
