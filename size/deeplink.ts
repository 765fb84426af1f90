// One platform feature alone: the deep-link parser and its classifier, on an Effect program.
import * as Effect from "effect/Effect"
import { deepLinkTarget, parseDeepLink } from "platform-web-client/deeplinks"

Effect.runPromise(
  Effect.sync(() => {
    const parsed = parseDeepLink(location.href)
    return parsed._tag === "Success" ? deepLinkTarget(parsed.success, { www: location.origin }) : parsed
  })
).then((result) => console.log(result))
