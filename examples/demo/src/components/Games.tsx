/**
 * The game list, paged with the library's Pager (usePager) over the typed GamesClient: 12 games a page, 24 fetched
 * per call (so every other page comes from the pager's cache, visible in the inspector), icons from ThumbnailBatch
 * (the icons of a fetched page in one batched call; icons already shown are never asked again).
 */
import { Effect } from "effect"
import { type GameListItem } from "platform-web-client/api"
import { GamesClient } from "platform-web-client/clients"
import { type Pager } from "platform-web-client/paging"
import { abbreviateNumber } from "platform-web-client/text"
import { usePager } from "platform-web-client/react"
import { describeError } from "../errors.ts"
import { gameIcon } from "../pictures.ts"
import { Thumb } from "./Thumb.tsx"

/** The sorts the emulator's game list knows. */
const sorts = [
  { token: "popular", label: "Popular" },
  { token: "top-rated", label: "Top rated" },
  { token: "new", label: "New" }
] as const

interface Parameters {
  readonly sort: string
}

/** Share of up votes, as "87%", or "–" without votes. */
const rating = (up: number | undefined, down: number | undefined): string => {
  const total = (up ?? 0) + (down ?? 0)
  return total === 0 ? "–" : `${Math.round(((up ?? 0) / total) * 100)}%`
}

/**
 * One page of the list. The list pages by row offset (`model.startRows`); the pager's cursor is the offset of the
 * next row, while the service says it has more.
 */
const fetchGames = (request: Pager.PageRequest<Parameters>) => {
  const start = request.cursor === undefined ? 0 : Number(request.cursor)
  return GamesClient.use((client) =>
    Effect.map(
      client.games.listGames({
        query: { "model.sortToken": request.parameters.sort, "model.startRows": start, "model.maxRows": request.count }
      }),
      (answer) => ({
        items: answer.games,
        nextPageCursor: answer.hasMoreRows === true ? String(start + answer.games.length) : null
      })
    )
  )
}

function GameCard(props: { readonly game: GameListItem }) {
  const { game } = props
  return (
    <li className="game" data-testid="game">
      <Thumb request={gameIcon(game.universeId)} alt={`Icon of ${game.name}`} className="game-icon" />
      <div className="game-text">
        <strong title={game.name}>{game.name}</strong>
        <span className="muted">{game.creatorName}</span>
        <span className="stats">
          <span title="Playing now">● {abbreviateNumber(game.playerCount ?? 0)}</span>
          <span title="Rating">▲ {rating(game.totalUpVotes, game.totalDownVotes)}</span>
        </span>
      </div>
    </li>
  )
}

/** The paged game list with its sort and pager controls. */
export function Games() {
  const pager = usePager({ pageSize: 12, loadSize: 24, parameters: { sort: "popular" }, fetch: fetchGames })
  const loading = pager.status !== "Idle"
  return (
    <section className="panel games" aria-labelledby="games-title">
      <div className="panel-head">
        <h2 id="games-title">Games</h2>
        <label className="sort">
          Sort{" "}
          <select
            value={pager.state.parameters.sort}
            onChange={(event) => pager.setParameters({ parameters: { sort: event.target.value } })}
            data-testid="sort"
          >
            {sorts.map((s) => <option key={s.token} value={s.token}>{s.label}</option>)}
          </select>
        </label>
      </div>
      {pager.items.length === 0 && loading && (
        <ul className="game-grid">{Array.from({ length: 12 }, (_, i) => <li key={i} className="game shimmer-row" />)}</ul>
      )}
      {pager.items.length === 0 && !loading && pager.error === undefined && <p className="empty">No games to show.</p>}
      {pager.items.length > 0 && (
        <ul className={`game-grid ${loading ? "dim" : ""}`} data-testid="game-grid">
          {pager.items.map((game) => <GameCard key={game.universeId} game={game} />)}
        </ul>
      )}
      {pager.error !== undefined && <p className="error-text" role="alert" data-testid="games-error">{describeError(pager.error)}</p>}
      <nav className="pager" aria-label="Game pages">
        <button type="button" onClick={pager.first} disabled={!pager.canFirst || pager.page === 1}>« First</button>
        <button type="button" onClick={pager.previous} disabled={!pager.canPrevious} data-testid="previous">‹ Previous</button>
        <span className="page" data-testid="page">Page {pager.page}{loading ? " · loading…" : ""}</span>
        <button type="button" onClick={pager.next} disabled={!pager.canNext} data-testid="next">Next ›</button>
        <button type="button" onClick={pager.reload} disabled={!pager.canReload}>Reload</button>
      </nav>
    </section>
  )
}
