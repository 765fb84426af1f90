/**
 * platform-web-client/react: run the platform's effects in React.
 *
 * @module
 */
export * from "./ChallengeHost.tsx"
export * from "./PlatformProvider.tsx"
export * from "./useEffectResult.ts"
export * from "./useBatchedLookup.ts"
export * from "./useObservable.ts"
export * from "./usePager.ts"
export * from "./useSubscriptionRef.ts"
