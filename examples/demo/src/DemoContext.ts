/**
 * The demo's services as React context, once the layer is built.
 *
 * @module
 */
import type { Context } from "effect"
import { createContext, useContext } from "react"
import type { DemoApi } from "./services.ts"

/** The demo's clients and processors. */
export type DemoServices = Context.Service.Shape<typeof DemoApi>

const DemoContext = createContext<DemoServices | null>(null)

/** Provides the services to the components below. */
export const DemoProvider = DemoContext.Provider

/** The demo's services; only inside a {@link DemoProvider}. */
export const useDemo = (): DemoServices => {
  const services = useContext(DemoContext)
  if (services === null) throw new Error("useDemo must be used inside <DemoProvider>")
  return services
}
