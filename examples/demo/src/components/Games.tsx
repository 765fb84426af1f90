/**
 * The game list, 12 games a screen page, over the games query (../queries.ts): one request of 24 games serves two
 * pages (every other page comes from the query cache, visible in the inspector), keyed by sort and first row. While
 * another page or sort loads, the page shown stays, dimmed, and the page number is the one shown; a failed load
 * keeps it too, under the typed error with a Retry (the query's refetch). Icons come from ThumbnailBatch (the icons of a page in one batched call; icons already shown
 * are never asked again).
 */
import { type GameListItem } from "platform-web-client/api"
import { abbreviateNumber } from "platform-web-client/text"
import { useRef, useState } from "react"
import { demo } from "../app.ts"
import { describeError } from "../errors.ts"
import { gameIcon } from "../pictures.ts"
import { GamesQuery, gamesPerRequest } from "../queries.ts"
import { Thumb } from "./Thumb.tsx"

/** The sorts the emulator's game list knows. */
const sorts = [
  { token: "popular", label: "Popular" },
  { token: "top-rated", label: "Top rated" },
  { token: "new", label: "New" }
] as const

/** Games on a screen page. */
const pageSize = 12

/** Share of up votes, as "87%", or "–" without votes. */
const rating = (up: number | undefined, down: number | undefined): string => {
  const total = (up ?? 0) + (down ?? 0)
  return total === 0 ? "–" : `${Math.round(((up ?? 0) / total) * 100)}%`
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

/** The paged game list with its sort and page controls. */
export function Games() {
  const [sort, setSort] = useState<string>("popular")
  const [page, setPage] = useState(1)
  const offset = (page - 1) * pageSize
  const start = offset - (offset % gamesPerRequest)
  const games = demo.useQuery(GamesQuery, { sort, start })
  // while another request loads, the page shown before stays (the query gives the previous request's games)
  const shown = useRef<{ readonly page: number; readonly items: ReadonlyArray<GameListItem> }>({ page: 1, items: [] })
  if (games._tag === "Success" && !games.isPreviousData) {
    shown.current = { page, items: games.value.games.slice(offset - start, offset - start + pageSize) }
  }
  const loading = games.waiting
  // a failed page keeps the page shown before on screen, under its error
  const items = games._tag === "Loading" ? [] : shown.current.items
  const more = games._tag === "Success" && !games.isPreviousData &&
    (games.value.hasMore || games.value.games.length > offset - start + pageSize)
  const choose = (next: { readonly sort?: string; readonly page: number }) => {
    if (next.sort !== undefined) setSort(next.sort)
    setPage(next.page)
  }
  return (
    <section className="panel games" aria-labelledby="games-title">
      <div className="panel-head">
        <h2 id="games-title">Games</h2>
        <label className="sort">
          Sort{" "}
          <select value={sort} onChange={(event) => choose({ sort: event.target.value, page: 1 })} data-testid="sort">
            {sorts.map((s) => <option key={s.token} value={s.token}>{s.label}</option>)}
          </select>
        </label>
      </div>
      {games._tag === "Loading" && (
        <ul className="game-grid">{Array.from({ length: pageSize }, (_, i) => <li key={i} className="game shimmer-row" />)}</ul>
      )}
      {games._tag === "Success" && !games.isPreviousData && items.length === 0 && <p className="empty">No games to show.</p>}
      {items.length > 0 && (
        <ul className={`game-grid ${loading ? "dim" : ""}`} data-testid="game-grid">
          {items.map((game) => <GameCard key={game.universeId} game={game} />)}
        </ul>
      )}
      {games._tag === "Failure" && (
        <p className="error-text" role="alert" data-testid="games-error">
          {describeError(games.error)}{" "}
          <button type="button" onClick={games.refetch} disabled={loading} data-testid="retry">Retry</button>
        </p>
      )}
      {games._tag === "Defect" && <p className="error-text" role="alert" data-testid="games-error">Unexpected error while loading games.</p>}
      <nav className="pager" aria-label="Game pages">
        <button type="button" onClick={() => choose({ page: 1 })} disabled={page === 1}>« First</button>
        <button type="button" onClick={() => choose({ page: page - 1 })} disabled={page === 1} data-testid="previous">‹ Previous</button>
        <span className="page" data-testid="page">Page {shown.current.page}{loading ? " · loading…" : ""}</span>
        <button type="button" onClick={() => choose({ page: page + 1 })} disabled={!more} data-testid="next">Next ›</button>
      </nav>
    </section>
  )
}
