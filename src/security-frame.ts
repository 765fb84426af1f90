/**
 * platform-web-client/security-frame: the program of the hidden security frame's page (`/hba/iframe` on the www
 * origin), which signs requests for pages on other origins. The frame page's script calls `startSecurityFrame()`;
 * importing this entry has no side effect. The page side (`SecurityFrame`) is in `platform-web-client/signing`.
 *
 * @module
 */
export {
  frameMetaTag,
  parseAllowedParentOrigins,
  securityFrameBrowserLayer,
  securityFrameProgram,
  startSecurityFrame
} from "./core/signing/frame/frameMain.ts"
