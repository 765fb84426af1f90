/**
 * QueryErrorBoundary: the error boundary of suspense queries. A {@link QueryFailure} thrown below it renders
 * `fallback` with the failure (the typed error, or the defect's message) and `reset`, which runs the failed query
 * again and renders the children (they suspend until the new result). Anything else thrown below goes on to the
 * next boundary up. Type the error you expect with the type parameter: `<QueryErrorBoundary<FriendsError> …>` (a
 * boundary cannot know statically what its children throw).
 *
 * @module
 */
import { Component, type ReactNode } from "react"
import { QueryFailure, type QueryFailureOutcome } from "./QueryFailure.ts"

/** Props of {@link QueryErrorBoundary}. */
export interface QueryErrorBoundaryProps<E> {
  readonly fallback: (props: { readonly failure: QueryFailureOutcome<E>; readonly reset: () => void }) => ReactNode
  readonly children?: ReactNode
}

interface State {
  readonly failure: QueryFailure<any> | undefined
  readonly other: { readonly error: unknown } | undefined
}

/** See the module doc. */
export class QueryErrorBoundary<E = unknown> extends Component<QueryErrorBoundaryProps<E>, State> {
  override state: State = { failure: undefined, other: undefined }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return error instanceof QueryFailure ? { failure: error } : { other: { error } }
  }

  readonly reset = (): void => {
    this.state.failure?.retry()
    this.setState({ failure: undefined })
  }

  override render(): ReactNode {
    if (this.state.other !== undefined) throw this.state.other.error
    if (this.state.failure !== undefined) {
      return this.props.fallback({ failure: this.state.failure.outcome as QueryFailureOutcome<E>, reset: this.reset })
    }
    return this.props.children
  }
}
