/**
 * platform-web-client/react/tanstack: for apps that already use TanStack Query, the options of its `useQuery` and
 * `useMutation` from our `Query` and `Mutation` definitions, run on the app's runtime (typed errors kept, an
 * AbortSignal interrupts the fiber, mutations not retried). Needs `@tanstack/react-query` 5 (an optional peer).
 *
 * @module
 */
export { EffectDefect, mutationOptions, queryOptions } from "./tanstackOptions.ts"
