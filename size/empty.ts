// The baseline: an empty Effect program.
import * as Effect from "effect/Effect"

Effect.runPromise(Effect.succeed(document.title)).then((title) => console.log(title))
