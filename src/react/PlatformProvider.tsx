/**
 * PlatformProvider: runs the app's Effect layer once (a ManagedRuntime) and hands it to the hooks below it, with
 * the app's {@link QueryClient.QueryClient} (the shared cache of `useQuery`, `useMutation`, …). For a provider whose
 * hooks are checked against the layer at compile time, see `createPlatformHooks`.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react"
import * as QueryClient from "../core/query/QueryClient.ts"

/** A runtime over the app's services, as the hooks use it. */
export type PlatformRuntime<R = any> = ManagedRuntime.ManagedRuntime<R, any>

const RuntimeContext = createContext<PlatformRuntime | null>(null)
const QueryClientContext = createContext<QueryClient.QueryClient<any> | null>(null)

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
  | PlatformProviderCommonProps & { readonly layer: Layer.Layer<R, any, never>; readonly runtime?: undefined }
  | PlatformProviderCommonProps & { readonly runtime: PlatformRuntime<R>; readonly layer?: undefined }

const makeClient = (runtime: PlatformRuntime, dehydratedState: unknown) => {
  const client = QueryClient.make({ context: runtime.contextEffect })
  if (dehydratedState !== undefined) {
    Effect.runSync(Effect.catch(client.hydrate(dehydratedState), (error) => Effect.logWarning(error.message)))
  }
  return client
}

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
  const [ownClient] = useState(() =>
    props.queryClient === undefined ? makeClient(runtime, props.dehydratedState) : undefined
  )
  const pendingDisposal = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    clearTimeout(pendingDisposal.current)
    return () => {
      pendingDisposal.current = setTimeout(() => {
        ownClient?.dispose()
        void owned?.dispose()
      }, 0)
    }
  }, [owned, ownClient])
  return (
    <RuntimeContext.Provider value={runtime}>
      <QueryClientContext.Provider value={props.queryClient ?? ownClient!}>{props.children}</QueryClientContext.Provider>
    </RuntimeContext.Provider>
  )
}

/** The runtime of the nearest {@link PlatformProvider}; throws when used outside one (a programming error). */
export function useRuntime<R = any>(): PlatformRuntime<R> {
  const runtime = useContext(RuntimeContext)
  if (runtime === null) throw new Error("useRuntime must be used inside a <PlatformProvider>")
  return runtime
}

/** The query client of the nearest {@link PlatformProvider}; throws when used outside one (a programming error). */
export function useQueryClient<R = any>(): QueryClient.QueryClient<R> {
  const client = useContext(QueryClientContext)
  if (client === null) throw new Error("useQueryClient must be used inside a <PlatformProvider>")
  return client
}
