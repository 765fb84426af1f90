/**
 * platform-web-client/emulator/browser: what a page served by the emulator uses to drive it (the demo's inspector,
 * your own dev pages), with no Node code: the admin API's definition (`AdminApi`, an effect/http-api `HttpApi` for
 * `HttpApiClient`) with its header (`adminHeaders`, `withAdminHeader`) and the schemas of its answers (the request
 * log's `LogEntry`, a fault rule's `FaultRuleInput`, the page tags' `PageTagsAnswer`), and the codes of the share
 * links the emulator seeds. The emulator itself (Node) is `platform-web-client/emulator`.
 *
 * @module
 */
export {
  AdminApi,
  adminHeader,
  adminHeaders,
  EmulatorConfig,
  PageTagsAnswer,
  withAdminHeader
} from "./admin/AdminApi.ts"
export { FaultRuleInput } from "./platform/faults.ts"
export { LogEntry } from "./platform/requestLog.ts"
export { seededShareLinkCode, seededShareLinkV2Codes } from "./services/shareLinksSeed.ts"
