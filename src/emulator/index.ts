/**
 * platform-web-client/emulator (Node): the local platform emulator, for your own tests and dev servers. It serves
 * every platform service from the same HttpApi definitions the clients use (`/{service}` on one origin), with CSRF,
 * challenges, signature verification, a seeded world, fault injection and a request log, plus a www origin with the
 * challenge page, the security frame and the worker scripts. Its services are Fetch-API handlers, served here by
 * `node:http` (msw runs the same handlers: `platform-web-client/testing/msw`). See docs/emulator.md.
 *
 * @module
 */
export { AdminApi, adminHeader, adminHeaders, EmulatorConfig, withAdminHeader } from "./admin/AdminApi.ts"
export {
  Emulator,
  type EmulatorInfo,
  EmulatorStartError,
  type RunningEmulator,
  startEmulator,
  type StartError
} from "./Emulator.ts"
export type { EmulatorOptions } from "./options.ts"
export { FaultRuleInput } from "./platform/faults.ts"
export { LogEntry } from "./platform/requestLog.ts"
