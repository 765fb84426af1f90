/**
 * The devtools, never switched off: the same API as ./index.ts for a build that must show the panel in
 * production mode (a staging site, a demo built with `vite build`). The panel's code is still a chunk of its own,
 * loaded when `PlatformDevtools` first renders.
 *
 * @module
 */
import * as Recorder from "../../core/devtools/DevtoolsRecorder.ts"
import { lazyPanel } from "./lazyPanel.ts"

export type { DevtoolsOptions, DevtoolsRecorder } from "../../core/devtools/DevtoolsRecorder.ts"
export type { ChallengeState, DevtoolsRow, QueryRow, RequestRow } from "../../core/devtools/rows.ts"
export type { DevtoolsPanelProps as PlatformDevtoolsProps } from "./DevtoolsPanel.tsx"

/** A devtools recorder: provide its `layer` where PlatformHttp is built and give it to `<PlatformDevtools/>`. */
export const makeDevtools: (options?: Recorder.DevtoolsOptions) => Recorder.DevtoolsRecorder = Recorder.make

/** The devtools panel (closed at first: a toggle at the bottom right), in every build. */
export const PlatformDevtools = lazyPanel()
