/**
 * platform-web-client/react: run the platform's effects in React.
 *
 * @module
 */
export * from "./PlatformProvider.tsx"
export * from "./useEffectResult.ts"
