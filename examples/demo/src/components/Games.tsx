/**
 * The game list, paged with the library's Pager: 12 games a page, 24 fetched per call (so every other page comes
 * from the pager's cache, visible in the inspector), icons through a batch processor (one thumbnails call per
 * fetched page).
 */
import { Effect } from "effect"
import { useDemo } from "../DemoContext.ts"
import { describeError } from "../errors.ts"
import { compactNumber, rating } from "../format.ts"
import { type GameListItem, type PageRequest, usePager } from "../lib.ts"
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

function GameCard(props: { readonly game: GameListItem }) {
  const api = useDemo()
  const { game } = props
  return (
    <li className="game" data-testid="game">
      <Thumb source={api.gameIcons} id={game.universeId} alt={`Icon of ${game.name}`} className="game-icon" />
      <div className="game-text">
        <strong title={game.name}>{game.name}</strong>
        <span className="muted">{game.creatorName}</span>
        <span className="stats">
          <span title="Playing now">● {compactNumber(game.playerCount ?? 0)}</span>
          <span title="Rating">▲ {rating(game.totalUpVotes, game.totalDownVotes)}</span>
        </span>
      </div>
    </li>
  )
}

/** The paged game list with its sort and pager controls. */
export function Games() {
  const api = useDemo()
  const pager = usePager<GameListItem, Parameters, unknown>(
    {
      pageSize: 12,
      loadSize: 24,
      parameters: { sort: "popular" },
      fetch: (request: PageRequest<Parameters>) => {
        const start = request.cursor === undefined ? 0 : Number(request.cursor)
        return Effect.map(
          api.games.listGames({
            query: { "model.sortToken": request.parameters.sort, "model.startRows": start, "model.maxRows": request.count }
          }),
          (answer) => ({
            items: answer.games,
            nextPageCursor: answer.hasMoreRows === true ? String(start + answer.games.length) : null
          })
        )
      }
    },
    [api]
  )
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
