/**
 * platform-web-client/react/devtools/production: the devtools never switched off, for a build that must show the
 * panel in production mode (a staging site); the same names as `/react/devtools`. See docs/devtools.md.
 *
 * @module
 */
export {
  type ChallengeState,
  type DevtoolsOptions,
  type DevtoolsRecorder,
  type DevtoolsRow,
  makeDevtools,
  PlatformDevtools,
  type PlatformDevtoolsProps,
  type QueryRow,
  type RequestRow
} from "./devtools/production.ts"
