/**
 * The catalog and bundle view, over the catalog queries (../queries.ts, the typed CatalogClient): the catalog's
 * sorts, a grid of bundles (details in one `GET /v1/bundles/details` call), and the chosen bundle with its items,
 * its price and the bundles recommended with it; while another bundle loads, the one shown stays, dimmed. Every
 * picture (bundles, items) comes from ThumbnailBatch, batched with whatever else is on screen.
 */
import { enumLabel } from "platform-web-client/api"
import { type BundleDetails } from "platform-web-client/api/catalog"
import { keepPreviousData } from "platform-web-client/react"
import { useState } from "react"
import { demo } from "../app.ts"
import { Thumb } from "../components/Thumb.tsx"
import { describeError } from "../errors.ts"
import "../localization/localization.css"
import { bundlePicture, itemPicture } from "../pictures.ts"
import { BundleQuery, CatalogQuery } from "../queries.ts"

const price = (bundle: BundleDetails) =>
  bundle.product?.isForSale === true
    ? `R$ ${bundle.product.priceInRobux ?? 0}`
    : (bundle.product?.noPriceText ?? "Off sale")

/** The chosen bundle: items, price, recommendations. */
function BundleView(props: { readonly bundleId: number }) {
  const view = demo.useQuery(BundleQuery, props.bundleId, { placeholderData: keepPreviousData })
  if (view._tag === "Loading") return <p className="notice">Loading the bundle…</p>
  if (view._tag !== "Success")
    return (
      <p className="error-text" role="alert">
        {view._tag === "Failure" ? describeError(view.error) : view.message}
      </p>
    )
  const { bundle, recommended } = view.value
  return (
    <div className={`bundle-detail ${view.isPlaceholderData ? "dim" : ""}`} data-testid="bundle-detail">
      <Thumb request={bundlePicture(bundle.id, "420x420")} alt={`Picture of ${bundle.name}`} />
      <div>
        <h3 style={{ margin: "0 0 4px" }}>{bundle.name}</h3>
        <div className="muted">
          {bundle.bundleType === undefined ? "" : enumLabel(bundle.bundleType)} · by {bundle.creator?.name ?? "unknown"}{" "}
          · <strong data-testid="bundle-price">{price(bundle)}</strong>
        </div>
        <p>{bundle.description}</p>
        <strong>Items</strong>
        <ul className="item-list" data-testid="bundle-items">
          {(bundle.items ?? []).map((item) => (
            <li key={item.id}>
              <Thumb request={itemPicture(item.id)} alt={`Picture of ${item.name ?? item.id}`} />
              <span>{item.name}</span>
              {item.owned === true && <span className="tag">owned</span>}
            </li>
          ))}
        </ul>
        {recommended.length > 0 && (
          <>
            <strong>Recommended with it</strong>
            <div className="tag-list" data-testid="bundle-recommendations">
              {recommended.map((b) => (
                <span key={b.id} className="tag">
                  {b.name}
                </span>
              ))}
            </div>
          </>
        )}
      </div>
    </div>
  )
}

/** The catalog screen: sorts, bundle grid, chosen bundle. */
export function CatalogScreen() {
  const grid = demo.useQuery(CatalogQuery)
  const [chosen, setChosen] = useState<number | undefined>()
  return (
    <section className="panel catalog" aria-labelledby="catalog-title" data-testid="catalog" style={{ marginTop: 16 }}>
      <div className="panel-head">
        <h2 id="catalog-title">Bundles</h2>
      </div>
      {grid._tag === "Loading" && <p className="notice">Loading the catalog…</p>}
      {grid._tag === "Failure" && (
        <p className="error-text" role="alert">
          {describeError(grid.error)}
        </p>
      )}
      {grid._tag === "Defect" && (
        <p className="error-text" role="alert">
          Unexpected error while loading the catalog.
        </p>
      )}
      {grid._tag === "Success" && (
        <>
          <div className="tag-list" data-testid="catalog-sorts">
            {grid.value.sorts.map((s) => (
              <span key={`${s.sortType}-${s.sortOrder}`} className="tag">
                {s.displayName}
              </span>
            ))}
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
                  <Thumb request={bundlePicture(bundle.id)} alt={`Picture of ${bundle.name}`} />
                  <strong>{bundle.name}</strong>
                  <span className="muted">{price(bundle)}</span>
                </button>
              </li>
            ))}
          </ul>
          {chosen !== undefined && <BundleView bundleId={chosen} />}
        </>
      )}
    </section>
  )
}
