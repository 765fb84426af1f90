/**
 * What a typed platform call can fail with: the pipeline's errors (core/http/errors.ts), the request checks'
 * RequiredError and RequestEncodeError, and a ResponseDecodeError for a body that does not match.
 *
 * @module
 */
import type {
  PlatformHttpError,
  RequestEncodeError,
  RequiredError,
  ResponseDecodeError
} from "../../core/http/errors.ts"

/** What a typed platform call can fail with. */
export type PlatformCallError = RequiredError | RequestEncodeError | PlatformHttpError | ResponseDecodeError
