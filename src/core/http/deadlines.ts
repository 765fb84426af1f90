/**
 * Deadlines: many time-outs over ONE timer. The transport (./transport.ts) gives every HTTP exchange a time-out
 * under Effect's live clock; a timer of its own per exchange costs a `setTimeout` and a `clearTimeout` on the main
 * thread per call (measured in Chromium: about a third of the pipeline's own main-thread work for a GET). Here a
 * deadline is an entry in a set, and one timer is armed for the earliest deadline only:
 *
 * - a new deadline later than the armed one arms nothing (the usual case: every call has the same time-out, so
 *   each new one ends after those already waiting);
 * - a cancelled deadline (the exchange ended in time) is only taken out of the set; the timer stays armed;
 * - when the timer fires, every deadline that has passed expires (its callback runs), and the timer is armed again
 *   for the earliest one left, if any. A timer that fires a little early (timer clocks round) finds nothing due
 *   yet and is armed again for what is left.
 *
 * So a deadline never expires before its time and expires when the timer fires for it, as a timer of its own would.
 * Where timers can keep a process alive (Node), the shared timer does not (`unref`): the exchanges it guards do.
 *
 * An `expire` callback that throws keeps no other deadline from expiring: every due deadline expires, the timer is
 * armed again for the rest, and only then is the throw passed on, from the timer's callback (the host reports it as
 * an uncaught error, as it would from a timer of the callback's own): the first one as it was thrown, several as
 * one `AggregateError`. This module has no logger; a throwing callback is a bug of its caller.
 *
 * Hidden pages: re-arming from its own callback makes the timer a chain of timers, and Chromium's intensive
 * throttling runs chained timers of a page hidden for more than five minutes at most once a minute. Kept as it is:
 * a deadline is a backstop for an exchange that got no answer, not a schedule; a throttled one expires late, never
 * early and never not at all, and an exchange that is answered meanwhile cancels it as usual (a response is not a
 * timer and is not throttled). A timer per exchange would be throttled too (every timer of a hidden page is
 * aligned to at least one second), so the shared timer loses nothing there.
 *
 * @module
 */

/** The clock and timer deadlines run on (the platform's by default; tests give their own). */
export interface DeadlineClock {
  /** Now, in ms, monotonic. */
  readonly now: () => number
  /** Call `f` once after `millis`; returns a handle for `clear`. */
  readonly set: (f: () => void, millis: number) => unknown
  /** Cancel a timer made by `set`. */
  readonly clear: (handle: unknown) => void
}

/** The platform's clock: `performance.now` and `setTimeout` (unref'd where timers keep a process alive). */
export const platformClock: DeadlineClock = {
  now: () => performance.now(),
  set: (f, millis) => {
    const handle: unknown = setTimeout(f, millis)
    const unref = (handle as { unref?: () => void } | undefined)?.unref
    if (typeof unref === "function") unref.call(handle)
    return handle
  },
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
}

/** The message of the AggregateError a timer's callback throws when several `expire` callbacks threw (see the module doc). */
export const expireThrew = "deadlines: expire callbacks threw"

/** The longest delay a timer takes (2^31 − 1 ms, about 24.8 days): hosts keep it in 32 bits. */
export const maxTimerMillis = 2_147_483_647

/** Schedules `expire` to run `millis` from now, unless the returned function (cancel) is called first. */
export type Schedule = (millis: number, expire: () => void) => () => void

interface Deadline {
  readonly at: number
  readonly expire: () => void
}

/** A deadline scheduler over `clock`: one timer for all its deadlines (see the module doc). */
export const makeDeadlines = (clock: DeadlineClock = platformClock): Schedule => {
  const waiting = new Set<Deadline>()
  let timer: unknown
  let armedAt = Infinity

  const arm = (at: number) => {
    if (timer !== undefined) clock.clear(timer)
    armedAt = at
    // whole milliseconds, rounded up: a timer never asked to fire before the deadline, nor for less than 1 ms; at
    // most maxTimerMillis (a longer one fires at once where timers hold 32 bits; this one fires early instead, finds
    // nothing due and is armed again)
    timer = clock.set(fire, Math.min(maxTimerMillis, Math.max(1, Math.ceil(at - clock.now()))))
  }

  const fire = () => {
    timer = undefined
    armedAt = Infinity
    const now = clock.now()
    let next = Infinity
    const due: Array<Deadline> = []
    for (const deadline of waiting) {
      if (deadline.at <= now) due.push(deadline)
      else if (deadline.at < next) next = deadline.at
    }
    if (next < Infinity) arm(next)
    const thrown: Array<unknown> = []
    for (const deadline of due) {
      // one callback may cancel another due in the same firing (resuming a fiber runs it): a cancelled one is gone
      if (!waiting.delete(deadline)) continue
      try {
        deadline.expire()
      } catch (error) {
        thrown.push(error)
      }
    }
    if (thrown.length > 0) throw thrown.length === 1 ? thrown[0] : new AggregateError(thrown, expireThrew)
  }

  return (millis, expire) => {
    const deadline: Deadline = { at: clock.now() + millis, expire }
    waiting.add(deadline)
    if (deadline.at < armedAt) arm(deadline.at)
    return () => {
      waiting.delete(deadline)
    }
  }
}

/**
 * The deadlines of Effect's live clock, shared by every time-out the library sets under it (the transport's, each
 * request's signing: ./withDeadline.ts): one timer for all of them.
 */
export const liveDeadline: Schedule = makeDeadlines()
