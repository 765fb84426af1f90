/**
 * LinkError: a link helper refused its input.
 *
 * @module
 */
import * as Data from "effect/Data"

/**
 * Why: `InvalidLocale` (not only letters, digits, `-` and `_`), `InvalidArticleId` (not alphanumeric),
 * `NotHttp` (a link that is not http or https), `UnknownDomain` (a support link outside the help desk).
 */
export type LinkErrorReason = "InvalidLocale" | "InvalidArticleId" | "NotHttp" | "UnknownDomain"

/** A link could not be built or was refused. The input is not kept. */
export class LinkError extends Data.TaggedError("LinkError")<{ readonly reason: LinkErrorReason }> {
  override get message(): string {
    return `Link refused: ${this.reason}`
  }
}
