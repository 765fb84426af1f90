/**
 * Annotations our endpoint definitions carry besides what effect/http-api knows.
 *
 * @module
 */
import * as Context from "effect/Context"

/**
 * The name of an endpoint's request body, as the platform's published documents and REQ-3 name it
 * (`request`, `userRequest`, `requests`, `languages`, `enableAutomaticTranslation`, …). A missing body fails with a
 * RequiredError naming it. Endpoints without this annotation call their body `request`.
 *
 * @example
 * HttpApiEndpoint.post("batchThumbnails", "/v1/batch", { payload: … }).annotate(BodyName, "requests")
 */
export class BodyName extends Context.Service<BodyName, string>()("platform-web-client/platform/api/BodyName") {}

/** The body name used when an endpoint has no {@link BodyName} annotation. */
export const defaultBodyName = "request"

/** The body name of an endpoint from its annotations. */
export const bodyNameOf = (annotations: Context.Context<never>): string =>
  Context.getOrUndefined(annotations, BodyName) ?? defaultBodyName
