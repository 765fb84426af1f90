/**
 * A picture from a thumbnails batch lookup: a shimmer while loading, the image when `Completed`, a neutral
 * placeholder otherwise (blocked, error, failed lookup).
 */
import type { BatchProcessor } from "../lib.ts"
import { type Thumbnail, useBatchedLookup } from "../lib.ts"

/** One thumbnail, looked up by id through a batch processor. */
export function Thumb(props: {
  readonly source: BatchProcessor.BatchProcessor<number, Thumbnail>
  readonly id: number
  readonly alt: string
  readonly className: string
}) {
  const result = useBatchedLookup(props.source, props.id)
  if (result._tag === "Loading") return <div className={`${props.className} shimmer`} aria-label={`Loading ${props.alt}`} />
  const url = result._tag === "Success" && result.value.state === "Completed" ? result.value.imageUrl : undefined
  if (url === undefined || url === null) {
    const title = result._tag === "Success" ? `No picture (${result.value.state})` : "No picture (lookup failed)"
    return <div className={`${props.className} placeholder`} title={title} role="img" aria-label={props.alt} />
  }
  return <img className={props.className} src={url} alt={props.alt} data-testid="thumb" />
}
