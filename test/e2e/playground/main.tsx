/**
 * The challenge playground: follow a user or post to a group wall (both challenged by the emulator by default),
 * with a ChallengeHost showing the challenge. The outcome (or the typed error) is shown under the buttons.
 *
 * The library is imported from its modules (the public entry points may not export the challenge flow yet).
 */
import { Effect, ManagedRuntime, Schema } from "effect"
import { useState } from "react"
import { createRoot } from "react-dom/client"
import { serviceNames } from "../../../src/core/config/PlatformConfig.ts"
import { Challenges } from "../../../src/core/challenge/Challenges.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { browserPlatformLayer } from "../../../src/core/wiring/platformLayer.ts"
import { ChallengeHost } from "../../../src/react/ChallengeHost.tsx"
import { PlatformProvider } from "../../../src/react/PlatformProvider.tsx"

const Config = Schema.Struct({
  origin: Schema.String,
  baseUrls: Schema.Record(Schema.Literals(serviceNames), Schema.String),
  defaultUserId: Schema.NullOr(Schema.Number)
})

const appLayer = (config: typeof Config.Type) =>
  browserPlatformLayer({
    config: {
      baseUrls: config.baseUrls,
      user: { id: config.defaultUserId ?? undefined, authenticated: config.defaultUserId !== null }
    },
    challenges: Challenges.browser
  })

type Outcome = { readonly tag: "idle" | "pending" | "done" | "failed"; readonly text: string }

const describeError = (error: unknown): string => {
  const e = error as { _tag?: string; reason?: string; message?: string; customError?: string }
  return e._tag === "ChallengeError"
    ? `ChallengeError ${e.reason}: ${e.message}${e.customError === undefined ? "" : ` (${e.customError})`}`
    : `${e._tag ?? "Error"}: ${e.message ?? String(error)}`
}

function Actions(props: {
  readonly runtime: ManagedRuntime.ManagedRuntime<PlatformHttp, never>
  readonly origin: string
}) {
  const [outcome, setOutcome] = useState<Outcome>({ tag: "idle", text: "" })
  const run = (label: string, call: Effect.Effect<unknown, unknown, PlatformHttp>) => {
    setOutcome({ tag: "pending", text: `${label}…` })
    props.runtime.runPromiseExit(call).then((exit) => {
      if (exit._tag === "Success") setOutcome({ tag: "done", text: `${label}: done` })
      else {
        const failure = exit.cause.reasons.find((r) => r._tag === "Fail")
        setOutcome({ tag: "failed", text: failure?._tag === "Fail" ? describeError(failure.error) : "interrupted" })
      }
    })
  }
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", padding: 24 }}>
      <h1>Challenge playground</h1>
      <button
        data-testid="follow"
        onClick={() =>
          run(
            "Follow user 2",
            Effect.flatMap(PlatformHttp, (http) => http.post({ service: "friends", path: "/v1/users/2/follow" }))
          )
        }
      >
        Follow user 2
      </button>{" "}
      <button
        data-testid="wall-post"
        onClick={() =>
          run(
            "Post to group 7",
            Effect.flatMap(PlatformHttp, (http) =>
              http.post(`${props.origin}/groups/v1/groups/7/wall/posts`, { body: { body: "Hello!" } })
            )
          )
        }
      >
        Post to group 7
      </button>
      <p data-testid="outcome" data-state={outcome.tag}>
        {outcome.text}
      </p>
    </main>
  )
}

async function boot() {
  const root = createRoot(document.getElementById("root")!)
  const config = Schema.decodeUnknownSync(Config)(await fetch("/emulator-config.json").then((r) => r.json()))
  const runtime = ManagedRuntime.make(appLayer(config))
  root.render(
    <PlatformProvider runtime={runtime}>
      <Actions
        runtime={runtime as unknown as ManagedRuntime.ManagedRuntime<PlatformHttp, never>}
        origin={config.origin}
      />
      <ChallengeHost />
    </PlatformProvider>
  )
}

void boot()
