/**
 * platform-web-client/paging: the cursor pager (`Pager.make`), its typed errors (`PagingError`, and `PagingWalkError`,
 * the cause of a walk it stopped), and `Observable`, the light value its state is read from.
 *
 * @module
 */
export * as Pager from "./core/paging/Pager.ts"
export { PagingError, type PagingErrorReason } from "./core/paging/PagingError.ts"
export { PagingWalkError, type PagingWalkReason } from "./core/paging/PagingWalkError.ts"
export * as Observable from "./core/observable/Observable.ts"
