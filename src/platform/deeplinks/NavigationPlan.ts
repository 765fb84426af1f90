/**
 * NavigationPlan: what following a deep link will do, step by step, worked out before anything happens. The
 * demo shows it; the navigator carries it out.
 *
 * @module
 */
import type { TelemetryProperties } from "../../core/browser/Telemetry.ts"
import type { DeepLinkTarget } from "./kinds.ts"

/** What a game launcher is asked to join: a place, optionally one server of it (and launch data, the referrer). */
export interface GameJoinRequest {
  readonly placeId: number
  /** The server (game instance) to join; without it the place is joined normally. */
  readonly gameInstanceId?: string
  readonly launchData?: string
  /** The user who referred this join (an inviter). */
  readonly referrerId?: number
}

/** One thing following a link does. */
export type NavigationStep =
  /** Move the page to a URL on the www origin (through the native bridge inside the iOS app). */
  | { readonly _tag: "Navigate"; readonly url: string }
  /** Open a help-desk article in a new tab (no opener, no referrer): a support link on the help desk's origin only. */
  | { readonly _tag: "OpenInNewTab"; readonly url: string }
  /** Inside a native app shell: hand an app-scheme link the library built (`navigation/chat`, …) to the app. */
  | { readonly _tag: "OpenApp"; readonly url: string }
  /**
   * Start an experience through the desktop client protocol: navigate to the app-scheme launch link the library
   * built (`{scheme}://experiences/start?…`), which the browser hands to the desktop client (the app itself inside a
   * native app shell).
   */
  | { readonly _tag: "LaunchExperience"; readonly url: string }
  /**
   * Start joining a game through the page's game launcher (the desktop client protocol), without leaving the page a
   * Navigate step before it went to: the navigator publishes the request on its `gameJoinRequests`.
   */
  | { readonly _tag: "JoinGame"; readonly request: GameJoinRequest }
  /** On the web: publish a start-chat request (the page's chat opens it). */
  | { readonly _tag: "StartChat"; readonly userId: number }
  /** Remember the inviter of an invite as the referrer for a place (browser storage). */
  | { readonly _tag: "StoreReferrer"; readonly placeId: number; readonly referrerId: number; readonly linkId: string }
  /** Send an analytics event. */
  | { readonly _tag: "TrackEvent"; readonly name: string; readonly properties: TelemetryProperties }

/** The plan of one link: what it asks for and the steps that follow it. */
export interface NavigationPlan {
  readonly target: DeepLinkTarget
  readonly steps: ReadonlyArray<NavigationStep>
}

/** A Navigate step. */
export const navigateStep = (url: string): NavigationStep => ({ _tag: "Navigate", url })
