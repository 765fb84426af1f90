/**
 * The key handler (TEXT-9): run an action
 * when a keyboard event is for Enter, or for the key(s) you configure instead, e.g. on a focusable element that
 * acts as a button.
 *
 * Keys are compared with `KeyboardEvent.key` exactly (`"Enter"`, `" "`, `"Escape"`, `"a"`). Events fired while an
 * input method is composing text (`isComposing`) are ignored, so confirming a composition with Enter does not
 * trigger the action.
 *
 * @module
 */

/** The key used when none is configured. */
export const defaultHandledKey = "Enter"

/** The part of a `KeyboardEvent` the handler reads. */
export interface KeyEventLike {
  readonly key: string
  readonly isComposing?: boolean
}

/** True when `event` is for `keys` (default {@link defaultHandledKey}) and not part of a text composition. */
export const isHandledKey = (event: KeyEventLike, keys: string | ReadonlyArray<string> = defaultHandledKey): boolean =>
  event.isComposing !== true && (typeof keys === "string" ? event.key === keys : keys.includes(event.key))

/**
 * An `onKeyDown`-style listener that calls `action(event)` for Enter, or for the configured key(s), and does
 * nothing for any other key.
 */
export const keyHandler =
  <Event extends KeyEventLike>(
    action: (event: Event) => void,
    keys: string | ReadonlyArray<string> = defaultHandledKey
  ): ((event: Event) => void) =>
  (event) => {
    if (isHandledKey(event, keys)) action(event)
  }
