/**
 * The paste-a-link box: paste any string, see what the deep-link parser makes of it and where following it would
 * go (resolving share links against the emulator). Nothing navigates.
 *
 * Mount it anywhere under the PlatformProvider: `<DeepLinkBox />`. The first link shown needs no request, so mounting
 * the box sends nothing until someone asks about a share link or a game-details link.
 */
import { Effect } from "effect"
import { PlatformConfig } from "platform-web-client"
import { useEffectResult } from "platform-web-client/react"
import { useState } from "react"
import { exampleLinks, type LinkPreview, previewLayer, previewLink } from "./preview.ts"

function Preview(props: { readonly preview: LinkPreview }) {
  const { parsed, target, steps, failure } = props.preview
  return (
    <div className="deeplink-preview" data-testid="deeplink-preview">
      <h3>Parse result</h3>
      {parsed.ok ? (
        <pre data-testid="deeplink-parsed">
          {JSON.stringify(
            {
              url: parsed.link.url,
              form: parsed.link.form,
              pathSegments: parsed.link.pathSegments,
              queryParams: parsed.link.queryParams,
              hash: parsed.link.hash,
              redirectedBy: parsed.link.redirectedBy
            },
            null,
            2
          )}
        </pre>
      ) : (
        <p className="error-text" data-testid="deeplink-parse-error">
          {parsed.message}
        </p>
      )}
      {target !== undefined && (
        <>
          <h3>Kind</h3>
          <pre data-testid="deeplink-target">{JSON.stringify(target, null, 2)}</pre>
        </>
      )}
      <h3>Would</h3>
      {failure === undefined ? (
        <ol data-testid="deeplink-steps">
          {steps.map((step, i) => (
            <li key={i}>
              <code>{step}</code>
            </li>
          ))}
        </ol>
      ) : (
        <p className="error-text" data-testid="deeplink-failure">
          not follow it: {failure.message}
          {failure.event === undefined ? (
            " (no action, nothing logged)"
          ) : (
            <>
              {" "}
              — logs <code>{failure.event}</code>
            </>
          )}
        </p>
      )}
    </div>
  )
}

/** Paste a link; see its parse result and where it would navigate. */
export function DeepLinkBox() {
  const [text, setText] = useState("roblox://navigation/profile?userId=2")
  const [link, setLink] = useState(text)
  // eslint-disable-next-line react-hooks/rules-of-hooks -- an Effect service's `use`, not React's `use` hook
  const examples = useEffectResult(() => PlatformConfig.use((c) => Effect.succeed(exampleLinks(c.baseUrls.www))), [])
  const preview = useEffectResult(() => previewLink(link).pipe(Effect.provide(previewLayer)), [link])
  return (
    <section className="panel deeplinks" data-testid="deeplink-box">
      <div className="panel-head">
        <h2>Paste a link</h2>
        <span className="muted">parsed and planned, never followed</span>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          setLink(text)
        }}
      >
        <input
          aria-label="Link"
          data-testid="deeplink-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          spellCheck={false}
          style={{ width: "100%", font: "inherit", padding: "6px 8px" }}
        />
        <button type="submit">Show</button>
        {examples._tag === "Success" && (
          <select
            aria-label="Examples"
            value=""
            onChange={(event) => {
              setText(event.target.value)
              setLink(event.target.value)
            }}
          >
            <option value="">Examples…</option>
            {examples.value.map((e) => (
              <option key={e.label} value={e.link}>
                {e.label}
              </option>
            ))}
          </select>
        )}
      </form>
      {preview._tag === "Loading" && <p className="muted">Working it out…</p>}
      {preview._tag === "Success" && <Preview preview={preview.value} />}
      {preview._tag === "Defect" && <p className="error-text">Unexpected error: {preview.message}</p>}
    </section>
  )
}
