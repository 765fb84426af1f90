/**
 * The game list, 12 games a screen page, over the infinite games query (../queries.ts, `useInfiniteQuery`): one
 * request of 24 games serves two pages, and Next fetches the next request only when the pages held do not cover
 * the page asked for (`fetchNextPage`); Previous never fetches. While a sort loads, the previous sort's page stays,
 * dimmed (`placeholderData: keepPreviousData`), and the page number is the one shown; a failed next page keeps the
 * pages held (the query's `data`), under the typed error with a Retry (`fetchNextPage` again). Icons come from
 * ThumbnailBatch (the icons of a page in one batched call; icons already shown are never asked again).
 */
import { type GameListItem } from "platform-web-client/api/games"
import { abbreviateNumber } from "platform-web-client/text"
import { keepPreviousData } from "platform-web-client/react"
import { useEffect, useState } from "react"
import { demo } from "../app.ts"
import { describeError } from "../errors.ts"
import { gameIcon } from "../pictures.ts"
import { GamesPagesQuery } from "../queries.ts"
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
  const games = demo.useInfiniteQuery(GamesPagesQuery, sort, { placeholderData: keepPreviousData })
  const all = games.data?.pages.flatMap((p) => p.games) ?? []
  // the page shown: the one asked for once the pages held cover it, else the last one they cover
  const held = Math.max(1, Math.ceil(all.length / pageSize))
  const shownPage = Math.min(page, held)
  const items = all.slice((shownPage - 1) * pageSize, shownPage * pageSize)
  const { fetchNextPage, hasNextPage, isFetching } = games
  // Next asked for a page the pages held do not cover yet: fetch the next request (once)
  const wanting = !games.isPlaceholderData && page * pageSize > all.length && hasNextPage
  useEffect(() => {
    if (wanting && !isFetching && games._tag === "Success") fetchNextPage()
  }, [wanting, isFetching, games._tag, fetchNextPage])
  const loading = isFetching
  const more =
    !games.isPlaceholderData && games._tag === "Success" && (hasNextPage || all.length > shownPage * pageSize)
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
            {sorts.map((s) => (
              <option key={s.token} value={s.token}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {games._tag === "Loading" && (
        <ul className="game-grid">
          {Array.from({ length: pageSize }, (_, i) => (
            <li key={i} className="game shimmer-row" />
          ))}
        </ul>
      )}
      {games._tag === "Success" && !games.isPlaceholderData && !loading && items.length === 0 && (
        <p className="empty">No games to show.</p>
      )}
      {items.length > 0 && (
        <ul className={`game-grid ${loading ? "dim" : ""}`} data-testid="game-grid">
          {items.map((game) => (
            <GameCard key={game.universeId} game={game} />
          ))}
        </ul>
      )}
      {games._tag === "Failure" && (
        <p className="error-text" role="alert" data-testid="games-error">
          {describeError(games.error)}{" "}
          <button
            type="button"
            onClick={games.data === undefined ? games.refetch : fetchNextPage}
            disabled={loading}
            data-testid="retry"
          >
            Retry
          </button>
        </p>
      )}
      {games._tag === "Defect" && (
        <p className="error-text" role="alert" data-testid="games-error">
          Unexpected error while loading games.
        </p>
      )}
      <nav className="pager" aria-label="Game pages">
        <button type="button" onClick={() => choose({ page: 1 })} disabled={page === 1}>
          « First
        </button>
        <button type="button" onClick={() => choose({ page: page - 1 })} disabled={page === 1} data-testid="previous">
          ‹ Previous
        </button>
        <span className="page" data-testid="page">
          Page {shownPage}
          {loading ? " · loading…" : ""}
        </span>
        <button type="button" onClick={() => choose({ page: page + 1 })} disabled={!more} data-testid="next">
          Next ›
        </button>
      </nav>
    </section>
  )
}
