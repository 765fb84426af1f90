/**
 * The localization screen of a creator: pick one of the games you translate, then edit its source language, its
 * supported languages (add, remove) and, per language, the automatic translation switches (in-game content, and the
 * game's name and description). Every change is a PATCH through the typed game internationalization client; the
 * screen reloads from the service afterwards, so what you see is what the service kept.
 */
import { Effect } from "effect"
import {
  GameInternationalizationClient,
  GamesClient,
  LocalizationTablesClient,
  TranslationRolesClient
} from "platform-web-client/clients"
import { exitToResult, useEffectResult, useRuntime } from "platform-web-client/react"
import { useState } from "react"
import { describeError } from "../errors.ts"
import "./localization.css"

type Gi = GameInternationalizationClient["Service"]
type Tables = LocalizationTablesClient["Service"]

/** Everything the editor shows for one game. */
const loadGame = (gi: Gi, tables: Tables, gameId: number) =>
  Effect.all(
    {
      source: gi.sourceLanguage.getSourceLanguage({ params: { gameId } }),
      supported: gi.supportedLanguages.getSupportedLanguages({ params: { gameId } }),
      automatic: gi.supportedLanguages.getAutomaticTranslationStatus({ params: { gameId } }),
      displayInfo: gi.supportedLanguages.getUniverseDisplayInfoAutomaticTranslationSettings({ params: { gameId } }),
      available: tables.localizationTable.getAvailableLanguages(),
      counts: gi.localizationStatus.getTranslationCounts({ params: { gameId } }),
      quota: gi.automaticTranslation.getAutomaticTranslationQuota({ params: { gameId } })
    },
    { concurrency: "unbounded" }
  )

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((100 * part) / whole)}%`)

/** The editor of one game's languages. */
function GameLanguages(props: { readonly gi: Gi; readonly tables: Tables; readonly gameId: number }) {
  const { gi, tables, gameId } = props
  const runtime = useRuntime()
  const [version, setVersion] = useState(0)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const [adding, setAdding] = useState("")
  const data = useEffectResult(() => loadGame(gi, tables, gameId), [gi, tables, gameId, version])

  /** Run a change, then reload; a failure is shown and nothing is reloaded. */
  const change = (effect: Effect.Effect<unknown, unknown>) => {
    setBusy(true)
    setError(undefined)
    runtime.runPromiseExit(effect).then((exit) => {
      setBusy(false)
      const result = exitToResult(exit)
      if (result._tag === "Success") setVersion((v) => v + 1)
      else setError(result._tag === "Failure" ? describeError(result.error) : "The change failed.")
    })
  }

  if (data._tag === "Loading") return <p className="notice">Loading the game's languages…</p>
  if (data._tag !== "Success") {
    return (
      <p className="error-text" role="alert">
        {data._tag === "Failure" ? describeError(data.error) : data.message}
      </p>
    )
  }
  const { source, supported, automatic, displayInfo, available, counts, quota } = data.value
  const nameOf = (code: string) => available.data.find((l) => l.languageCode === code)?.name ?? code
  const addable = available.data.filter(
    (l) => l.languageCode !== source.languageCode && !supported.data.some((s) => s.languageCode === l.languageCode)
  )
  return (
    <div className={`l10n-game ${busy ? "dim" : ""}`} data-testid="l10n-game">
      <label className="l10n-row">
        Source language{" "}
        <select
          value={source.languageCode}
          disabled={busy}
          data-testid="source-language"
          onChange={(event) =>
            change(
              gi.sourceLanguage.setSourceLanguage({ params: { gameId }, query: { languageCode: event.target.value } })
            )
          }
        >
          {available.data.map((l) => (
            <option key={l.languageCode} value={l.languageCode}>
              {l.name ?? l.languageCode}
            </option>
          ))}
        </select>
      </label>
      <table className="l10n-table" data-testid="supported-languages">
        <thead>
          <tr>
            <th>Language</th>
            <th>Translated</th>
            <th>Automatic translation</th>
            <th>Name &amp; description</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {supported.data.map((language) => {
            const code = language.languageCode
            const auto = automatic.data.find((a) => a.languageCode === code)?.isAutomaticTranslationEnabled ?? false
            const display =
              displayInfo.data.find((d) => d.languageCode === code)?.isUniverseDisplayInfoAutomaticTranslationEnabled ??
              false
            const category = counts.languagesOrLocales.find((c) => c.languageCode === code)?.categories[0]
            const translated = category?.translationCounts.reduce((sum, c) => sum + c.count, 0) ?? 0
            return (
              <tr key={code} data-testid={`language-${code}`}>
                <td>
                  {language.name ?? nameOf(code)} <code className="muted">{code}</code>
                </td>
                <td>{percent(translated, category?.totalTranslatableItemCount ?? 0)}</td>
                <td>
                  <input
                    type="checkbox"
                    checked={auto}
                    disabled={busy}
                    aria-label={`Automatic translation of ${code}`}
                    data-testid={`auto-${code}`}
                    onChange={(event) =>
                      change(
                        gi.supportedLanguages.setAutomaticTranslationStatus({
                          params: { gameId, languageCode: code },
                          payload: event.target.checked
                        })
                      )
                    }
                  />
                </td>
                <td>
                  <input
                    type="checkbox"
                    checked={display}
                    disabled={busy}
                    aria-label={`Automatic translation of the name and description in ${code}`}
                    data-testid={`display-${code}`}
                    onChange={(event) =>
                      change(
                        gi.supportedLanguages.setUniverseDisplayInfoAutomaticTranslation({
                          params: { gameId, languageCode: code },
                          payload: event.target.checked
                        })
                      )
                    }
                  />
                </td>
                <td>
                  <button
                    type="button"
                    disabled={busy}
                    data-testid={`remove-${code}`}
                    onClick={() =>
                      change(
                        gi.supportedLanguages.patchSupportedLanguages({
                          params: { gameId },
                          payload: [
                            {
                              languageCodeType: language.languageCodeType === "Locale" ? "Locale" : "Language",
                              languageCode: code,
                              delete: true
                            }
                          ]
                        })
                      )
                    }
                  >
                    Remove
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {supported.data.length === 0 && <p className="empty">No supported languages yet.</p>}
      <div className="l10n-row">
        <select
          value={adding}
          onChange={(event) => setAdding(event.target.value)}
          data-testid="add-language-choice"
          disabled={busy}
        >
          <option value="">Add a language…</option>
          {addable.map((l) => (
            <option key={l.languageCode} value={l.languageCode}>
              {l.name ?? l.languageCode}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={busy || adding === ""}
          data-testid="add-language"
          onClick={() => {
            change(
              gi.supportedLanguages.patchSupportedLanguages({
                params: { gameId },
                payload: [{ languageCodeType: "Language", languageCode: adding }]
              })
            )
            setAdding("")
          }}
        >
          Add
        </button>
        {quota.monthlyQuota !== undefined && (
          <span className="muted l10n-quota" data-testid="quota">
            Automatic translation quota: {quota.monthlyQuota.remaining.toLocaleString()} of{" "}
            {quota.monthlyQuota.capacity.toLocaleString()} left this month
          </span>
        )}
      </div>
      {error !== undefined && (
        <p className="error-text" role="alert" data-testid="l10n-error">
          {error}
        </p>
      )}
    </div>
  )
}

/** The games the signed-in user translates: their role's games, named by one games lookup. */
const gamesITranslate = Effect.gen(function* () {
  const roles = yield* TranslationRolesClient
  const games = yield* GamesClient
  const page = yield* roles.translationRoles.getCurrentUserRoleGames({
    params: { role: "translator" },
    query: { pageSize: 20 }
  })
  const ids = page.games.map((g) => g.gameId)
  if (ids.length === 0) return []
  const details = yield* games.games.getGames({ query: { universeIds: ids } })
  return details.data.map((g) => ({ id: g.id, name: g.name }))
})

/** The clients the editor calls, from the app's layer. */
const editorClients = Effect.all({ gi: GameInternationalizationClient, tables: LocalizationTablesClient })

/** The screen: the games you translate, and the editor of the chosen one. */
export function LocalizationScreen() {
  const clients = useEffectResult(() => editorClients, [])
  const mine = useEffectResult(() => gamesITranslate, [])
  const [chosen, setChosen] = useState<number | undefined>()
  const gameId = chosen ?? (mine._tag === "Success" ? mine.value[0]?.id : undefined)
  return (
    <section className="panel l10n" aria-labelledby="l10n-title" data-testid="localization">
      <div className="panel-head">
        <h2 id="l10n-title">Localization</h2>
        {mine._tag === "Success" && mine.value.length > 0 && (
          <label>
            Game{" "}
            <select
              value={gameId}
              onChange={(event) => setChosen(Number(event.target.value))}
              data-testid="l10n-game-choice"
            >
              {mine.value.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {mine._tag === "Loading" && <p className="notice">Loading the games you translate…</p>}
      {mine._tag === "Failure" && (
        <p className="error-text" role="alert">
          {describeError(mine.error)}
        </p>
      )}
      {mine._tag === "Defect" && (
        <p className="error-text" role="alert">
          Unexpected error while loading your games.
        </p>
      )}
      {mine._tag === "Success" && mine.value.length === 0 && <p className="empty">You do not translate any game.</p>}
      {clients._tag === "Success" && gameId !== undefined && (
        <GameLanguages gi={clients.value.gi} tables={clients.value.tables} gameId={gameId} />
      )}
    </section>
  )
}
