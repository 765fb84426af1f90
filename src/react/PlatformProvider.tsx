/**
 * PlatformProvider: runs the app's Effect layer once (a ManagedRuntime) and hands it to the hooks below it.
 *
 * @module
 */
import type * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react"

/** A runtime over the app's services, as the hooks use it. */
export type PlatformRuntime<R = any> = ManagedRuntime.ManagedRuntime<R, any>

const RuntimeContext = createContext<PlatformRuntime | null>(null)

/** Props of {@link PlatformProvider}: either a layer (the provider owns the runtime) or a runtime the app owns. */
export type PlatformProviderProps<R> =
  | { readonly layer: Layer.Layer<R, any, never>; readonly runtime?: undefined; readonly children?: ReactNode }
  | { readonly runtime: PlatformRuntime<R>; readonly layer?: undefined; readonly children?: ReactNode }

/**
 * Provide the platform's services to the hooks below. Given a `layer`, the provider builds a ManagedRuntime on
 * first render and disposes of it after unmount; given a `runtime`, the app keeps ownership of it.
 *
 * Disposal waits one macrotask and is cancelled when the same provider mounts again, as React's StrictMode does
 * in development (mount, unmount, mount): the runtime survives that rehearsal and is disposed on a real unmount.
 */
export function PlatformProvider<R>(props: PlatformProviderProps<R>) {
  const [owned] = useState(() => (props.runtime === undefined ? ManagedRuntime.make(props.layer) : undefined))
  const pendingDisposal = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => {
    clearTimeout(pendingDisposal.current)
    return () => {
      pendingDisposal.current = setTimeout(() => void owned?.dispose(), 0)
    }
  }, [owned])
  const runtime = props.runtime ?? owned!
  return <RuntimeContext.Provider value={runtime}>{props.children}</RuntimeContext.Provider>
}

/** The runtime of the nearest {@link PlatformProvider}; throws when used outside one (a programming error). */
export function useRuntime<R = any>(): PlatformRuntime<R> {
  const runtime = useContext(RuntimeContext)
  if (runtime === null) throw new Error("useRuntime must be used inside a <PlatformProvider>")
  return runtime
}
