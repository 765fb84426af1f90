/** DOM plumbing shared by the React tests: a fresh container and root per test, and a way to let effects run. */
import { act } from "react"
import { createRoot, type Root } from "react-dom/client"
import { afterEach, beforeEach } from "vitest"

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** The current test's container and root. */
export interface Dom {
  readonly container: HTMLElement
  readonly root: Root
}

/** Give every test of the file a fresh container (in the document) and React root, unmounted after the test. */
export const useDom = (): Dom => {
  const dom = {} as { container: HTMLElement; root: Root }
  beforeEach(() => {
    dom.container = document.createElement("div")
    document.body.appendChild(dom.container)
    dom.root = createRoot(dom.container)
  })
  afterEach(() => {
    act(() => dom.root.unmount())
    dom.container.remove()
  })
  return dom
}

/** Let React flush and pending promises (stub fetches, fibers) settle for `ms` real milliseconds. */
export const settle = (ms = 10) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/**
 * Let React, promises and fibers run (a macrotask at a time, inside act) until `condition` holds; fails after 200
 * turns. It waits for a stated outcome, never for a length of time.
 */
export const until = async (condition: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 200; i++) {
    if (condition()) return
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/**
 * Run `f` (a render that throws below every boundary, or inside one that reports) and return what was thrown:
 * errors React reports to `window` and the error `act` rethrows. The window reports are prevented (no noise).
 */
export const thrownBy = (f: () => void): Array<unknown> => {
  const errors: Array<unknown> = []
  const onError = (e: ErrorEvent) => {
    errors.push(e.error)
    e.preventDefault()
  }
  window.addEventListener("error", onError)
  try {
    f()
  } catch (e) {
    errors.push(e)
  } finally {
    window.removeEventListener("error", onError)
  }
  return errors
}
