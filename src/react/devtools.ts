/**
 * platform-web-client/react/devtools: `<PlatformDevtools recorder={devtools}/>` and `makeDevtools()`, a panel of the
 * requests that went through the pipeline and what the query client did, with secrets redacted; left out of
 * production builds (see docs/devtools.md; `/react/devtools/production` keeps it).
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
} from "./devtools/index.ts"
