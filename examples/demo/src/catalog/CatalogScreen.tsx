/**
 * The catalog and bundle view: the catalog's sorts, a grid of bundles (details in one `GET /v1/bundles/details`
 * call, pictures in one `GET /v1/bundles/thumbnails` call), and the chosen bundle with its items (pictures from
 * `GET /v1/assets`), its price and the bundles recommended with it, all through the typed catalog and thumbnails
 * clients.
 */
import { Effect } from "effect"
import { useState } from "react"
import { describeError } from "../errors.ts"
import { useEffectResult } from "../lib.ts"
import "../localization/localization.css"
import { type BundleDetails, CatalogClient, enumLabel, type Thumbnail, ThumbnailsClient } from "../localization/platform.ts"
import { useClient } from "../localization/useClient.ts"

/** The bundles the view lists (the emulator's first twelve). */
const bundleIds = Array.from({ length: 12 }, (_, i) => 501 + i)

type Catalog = CatalogClient["Service"]["catalog"]
type Thumbs = ThumbnailsClient["Service"]

const byTarget = (list: ReadonlyArray<Thumbnail>) => new Map(list.map((t) => [t.targetId, t]))

/** A picture, or a neutral placeholder when there is none. */
function Picture(props: { readonly thumbnail: Thumbnail | undefined; readonly alt: string }) {
  const url = props.thumbnail?.state === "Completed" ? props.thumbnail.imageUrl : undefined
  return url === undefined || url === null
    ? <div className="placeholder" role="img" aria-label={props.alt} />
    : <img src={url} alt={props.alt} />
}

const price = (bundle: BundleDetails) =>
  bundle.product?.isForSale === true ? `R$ ${bundle.product.priceInRobux ?? 0}` : bundle.product?.noPriceText ?? "Off sale"

/** The chosen bundle: items, price, recommendations. */
function BundleView(props: { readonly catalog: Catalog; readonly thumbs: Thumbs; readonly bundleId: number }) {
  const { catalog, thumbs, bundleId } = props
  const view = useEffectResult(
    () =>
      Effect.gen(function*() {
        const [bundle, recommended] = yield* Effect.all(
          [catalog.getBundleDetails({ params: { bundleId } }), catalog.getBundleRecommendations({ params: { bundleId }, query: { numItems: 4 } })],
          { concurrency: "unbounded" }
        )
        const itemIds = (bundle.items ?? []).map((i) => i.id)
        const [items, pictures] = yield* Effect.all(
          [
            itemIds.length === 0 ? Effect.succeed({ data: [] }) : thumbs.assetThumbnails.getAssetThumbnails({ query: { assetIds: itemIds, size: "150x150", format: "Png" } }),
            thumbs.assetThumbnails.getBundleThumbnails({ query: { bundleIds: [bundleId, ...recommended.data.map((b) => b.id)], size: "420x420" } })
          ],
          { concurrency: "unbounded" }
        )
        return { bundle, recommended: recommended.data, items: byTarget(items.data), pictures: byTarget(pictures.data) }
      }),
    [catalog, thumbs, bundleId]
  )
  if (view._tag === "Loading") return <p className="notice">Loading the bundle…</p>
  if (view._tag !== "Success") return <p className="error-text" role="alert">{view._tag === "Failure" ? describeError(view.error) : view.message}</p>
  const { bundle, recommended, items, pictures } = view.value
  return (
    <div className="bundle-detail" data-testid="bundle-detail">
      <Picture thumbnail={pictures.get(bundle.id)} alt={`Picture of ${bundle.name}`} />
      <div>
        <h3 style={{ margin: "0 0 4px" }}>{bundle.name}</h3>
        <div className="muted">{bundle.bundleType === undefined ? "" : enumLabel(bundle.bundleType)} · by {bundle.creator?.name ?? "unknown"} · <strong data-testid="bundle-price">{price(bundle)}</strong></div>
        <p>{bundle.description}</p>
        <strong>Items</strong>
        <ul className="item-list" data-testid="bundle-items">
          {(bundle.items ?? []).map((item) => (
            <li key={item.id}>
              <Picture thumbnail={items.get(item.id)} alt={`Picture of ${item.name ?? item.id}`} />
              <span>{item.name}</span>
              {item.owned === true && <span className="tag">owned</span>}
            </li>
          ))}
        </ul>
        {recommended.length > 0 && (
          <>
            <strong>Recommended with it</strong>
            <div className="tag-list" data-testid="bundle-recommendations">
              {recommended.map((b) => <span key={b.id} className="tag">{b.name}</span>)}
            </div>
          </>
        )}
      </div>
    </div>
  )
}

/** The catalog screen: sorts, bundle grid, chosen bundle. */
export function CatalogScreen() {
  const catalogClient = useClient(CatalogClient, CatalogClient.layer)
  const thumbsClient = useClient(ThumbnailsClient, ThumbnailsClient.layer)
  const ready = catalogClient._tag === "Success" && thumbsClient._tag === "Success"
  const grid = useEffectResult(
    () =>
      !ready
        ? Effect.never
        : Effect.all(
          {
            sorts: catalogClient.value.catalog.getCatalogSorts(),
            bundles: catalogClient.value.catalog.getBundlesDetails({ query: { bundleIds } }),
            pictures: Effect.map(
              thumbsClient.value.assetThumbnails.getBundleThumbnails({ query: { bundleIds, size: "150x150", format: "Png" } }),
              (answer) => byTarget(answer.data)
            )
          },
          { concurrency: "unbounded" }
        ),
    [ready]
  )
  const [chosen, setChosen] = useState<number | undefined>()
  return (
    <section className="panel catalog" aria-labelledby="catalog-title" data-testid="catalog" style={{ marginTop: 16 }}>
      <div className="panel-head">
        <h2 id="catalog-title">Bundles</h2>
      </div>
      {grid._tag === "Loading" && <p className="notice">Loading the catalog…</p>}
      {grid._tag === "Failure" && <p className="error-text" role="alert">{describeError(grid.error)}</p>}
      {grid._tag === "Success" && (
        <>
          <div className="tag-list" data-testid="catalog-sorts">
            {grid.value.sorts.map((s) => <span key={`${s.sortType}-${s.sortOrder}`} className="tag">{s.displayName}</span>)}
          </div>
          <ul className="bundle-grid" data-testid="bundle-grid">
            {grid.value.bundles.map((bundle) => (
              <li key={bundle.id}>
                <button
                  type="button"
                  className={`bundle-card ${chosen === bundle.id ? "selected" : ""}`}
                  onClick={() => setChosen(bundle.id)}
                  data-testid="bundle-card"
                >
                  <Picture thumbnail={grid.value.pictures.get(bundle.id)} alt={`Picture of ${bundle.name}`} />
                  <strong>{bundle.name}</strong>
                  <span className="muted">{price(bundle)}</span>
                </button>
              </li>
            ))}
          </ul>
          {chosen !== undefined && catalogClient._tag === "Success" && thumbsClient._tag === "Success" && (
            <BundleView catalog={catalogClient.value.catalog} thumbs={thumbsClient.value} bundleId={chosen} />
          )}
        </>
      )}
    </section>
  )
}
