/**
 * PlatformProvider: runs the app's Effect layer once (a ManagedRuntime) and hands it to the hooks below it, with
 * the app's {@link QueryClient.QueryClient} (the shared cache of `useQuery`, `useMutation`, …). For a provider whose
 * hooks are checked against the layer at compile time, see `createPlatformHooks`.
 *
 * @module
 */
import type * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react"
import type * as QueryClient from "../core/query/QueryClient.ts"

/** A runtime over the app's services, as the hooks use it. */
export type PlatformRuntime<R = any> = ManagedRuntime.ManagedRuntime<R, any>

const RuntimeContext = createContext<PlatformRuntime | null>(null)

/**
 * Where a provider keeps its query client. The client is made by the first hook that needs it (`useQueryClient`),
 * so a page that uses no query hook does not load the query layer's code (docs/bundle-size.md). Internal.
 */
export interface QueryClientSlot {
  readonly runtime: PlatformRuntime
  readonly dehydratedState: unknown
  client: QueryClient.QueryClient<any> | undefined
  /** Whether the provider made the client (and so disposes of it). */
  owned: boolean
}

/** The slot of the nearest provider. Internal: use `useQueryClient`. */
export const QueryClientSlotContext = createContext<QueryClientSlot | null>(null)

/** What every form of the provider takes besides the runtime or the layer. */
export interface PlatformProviderCommonProps {
  readonly children?: ReactNode
  /**
   * The query client to use (made with the same runtime), e.g. the server's for SSR. By default the provider makes
   * one over its runtime and disposes of it with the provider.
   */
  readonly queryClient?: QueryClient.QueryClient<any> | undefined
  /**
   * The server's `queryClient.dehydrate()` (SSR): the provider's own client is seeded with it before the first
   * render. A state that does not decode hydrates nothing (logged as a warning); the queries then fetch.
   */
  readonly dehydratedState?: unknown
}

/** Props of {@link PlatformProvider}: either a layer (the provider owns the runtime) or a runtime the app owns. */
export type PlatformProviderProps<R> =
  | (PlatformProviderCommonProps & { readonly layer: Layer.Layer<R, any, never>; readonly runtime?: undefined })
  | (PlatformProviderCommonProps & { readonly runtime: PlatformRuntime<R>; readonly layer?: undefined })

/**
 * Provide the platform's services and a query client to the hooks below. Given a `layer`, the provider builds a
 * ManagedRuntime on first render and disposes of it after unmount; given a `runtime`, the app keeps ownership of
 * it. The provider's own query client is disposed of with it (its requests interrupted); a `queryClient` given
 * in the props is the app's.
 *
 * Disposal waits one macrotask and is cancelled when the same provider mounts again, as React's StrictMode does
 * in development (mount, unmount, mount): the runtime and the cache survive that rehearsal.
 */
export function PlatformProvider<R>(props: PlatformProviderProps<R>) {
  const [owned] = useState(() => (props.runtime === undefined ? ManagedRuntime.make(props.layer) : undefined))
  const runtime = props.runtime ?? owned!
  const [slot] = useState<QueryClientSlot>(() => ({
    runtime,
    dehydratedState: props.dehydratedState,
    client: props.queryClient,
    owned: false
  }))
  const pendingDisposal = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    clearTimeout(pendingDisposal.current)
    return () => {
      pendingDisposal.current = setTimeout(() => {
        if (slot.owned) slot.client?.dispose()
        void owned?.dispose()
      }, 0)
    }
  }, [owned, slot])
  return (
    <RuntimeContext.Provider value={runtime}>
      <QueryClientSlotContext.Provider value={slot}>{props.children}</QueryClientSlotContext.Provider>
    </RuntimeContext.Provider>
  )
}

/** The runtime of the nearest {@link PlatformProvider}; throws when used outside one (a programming error). */
export function useRuntime<R = any>(): PlatformRuntime<R> {
  const runtime = useContext(RuntimeContext)
  if (runtime === null) throw new Error("useRuntime must be used inside a <PlatformProvider>")
  return runtime
}
