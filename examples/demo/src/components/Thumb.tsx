/**
 * A picture through the library's ThumbnailBatch: a shimmer while loading, the image when `Completed`, a neutral
 * placeholder otherwise (blocked, error, failed lookup).
 */
import { requestIdOf, ThumbnailBatch, type ThumbnailRequest } from "platform-web-client/thumbnails"
import { useEffectResult } from "platform-web-client/react"

/** One picture, asked from ThumbnailBatch (batched with every other picture asked in the same window). */
export function Thumb(props: {
  readonly request: ThumbnailRequest
  readonly alt: string
  readonly className?: string
}) {
  const { request } = props
  // eslint-disable-next-line react-hooks/rules-of-hooks -- an Effect service's `use`, not React's `use` hook
  const result = useEffectResult(() => ThumbnailBatch.use((batch) => batch.get(request)), [requestIdOf(request)])
  const className = props.className ?? ""
  if (result._tag === "Loading") return <div className={`${className} shimmer`} aria-label={`Loading ${props.alt}`} />
  const url = result._tag === "Success" && result.value.state === "Completed" ? result.value.imageUrl : undefined
  if (url === undefined || url === null) {
    const title = result._tag === "Success" ? `No picture (${result.value.state})` : "No picture (lookup failed)"
    return <div className={`${className} placeholder`} title={title} role="img" aria-label={props.alt} />
  }
  return <img className={className} src={url} alt={props.alt} data-testid="thumb" />
}
