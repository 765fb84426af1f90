/**
 * platform-web-client/api/app-config: the app-configuration service (apiGateway): the page heartbeat's configuration.
 * Its definition (`AppConfigApi`: the typed client's, the emulator's and the OpenAPI document's), one definition per
 * endpoint (a page that calls one endpoint alone, with `platformCall` of `platform-web-client/clients`, loads only that
 * one) and the schemas of its requests and answers.
 *
 * @module
 */
export {
  AppConfigApi,
  AppConfigGroup,
  getPageHeartbeatConfig,
  pageHeartbeatConfigPath,
  PageHeartbeatContent
} from "../platform/api/appConfig.ts"
