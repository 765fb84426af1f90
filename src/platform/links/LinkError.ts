/**
 * LinkError: a link helper refused its input.
 *
 * @module
 */
import * as Data from "effect/Data"
import type { UnsafeTargetReason } from "./safeTarget.ts"

/**
 * Why: `InvalidLocale` (not only letters, digits, `-` and `_`), `InvalidArticleId` (not alphanumeric),
 * `NotHttp` (a link that is not an absolute http or https URL), `UnknownDomain` (a support link outside the help
 * desk's origin, or one with credentials).
 */
export type LinkErrorReason = "InvalidLocale" | "InvalidArticleId" | "NotHttp" | "UnknownDomain"

/** A link could not be built or was refused. The input is not kept. */
export class LinkError extends Data.TaggedError("LinkError")<{
  readonly reason: LinkErrorReason
  /** For a refused support link: the rule of the target check (safeTarget.ts) it broke. */
  readonly target?: UnsafeTargetReason
}> {
  override get message(): string {
    return this.target === undefined ? `Link refused: ${this.reason}` : `Link refused: ${this.reason} (${this.target})`
  }
}
