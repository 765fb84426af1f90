/**
 * platform-web-client/heartbeat: the page heartbeat, page side (`PageHeartbeat`): its configuration from the
 * page's tags or the app-configuration service, and its state. Its worker is `platform-web-client/heartbeat-worker`.
 *
 * @module
 */
export {
  heartbeatEventName,
  type HeartbeatState,
  type HeartbeatStatus,
  heartbeatWorkerComponent,
  heartbeatWorkerUrl,
  initialHeartbeatState,
  PageHeartbeat,
  type PageHeartbeatShape
} from "./platform/heartbeat/PageHeartbeat.ts"
export {
  applyHeartbeatMetadata,
  decodeHeartbeatConfig,
  defaultHeartbeatConfig,
  fetchHeartbeatConfig,
  type HeartbeatConfig,
  HeartbeatDefaults,
  heartbeatMetaAttributes,
  heartbeatMetaTag,
  inHeartbeatRollout
} from "./platform/heartbeat/HeartbeatConfig.ts"
