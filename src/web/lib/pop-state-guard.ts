/**
 * Asks before the browser's Back or Forward button takes the teacher off a page that would leave something behind.
 *
 * The app's declarative router has no blocker (decision 018 keeps the data router off the landing page), and when a
 * popstate event fires the browser is already on the other history entry: the router's own popstate listener reads
 * the new address and shows that page. So this listener has to run first, which is why main.tsx installs it before
 * the app renders: the router adds its listener when it mounts, and listeners on one target run in the order they
 * were added. While a page asks, the router never hears of the move (stopImmediatePropagation); the browser is sent
 * back by as many entries as it moved, that return trip is kept from the router too, and only then is the teacher
 * asked. If they leave after all, the move is made again and this time the router sees it, as if nobody had asked.
 *
 * How far and which way the browser moved comes from the index React Router keeps in each entry's state (`idx`). An
 * entry without one (a #fragment typed into the address bar) cannot be undone safely, so it is let through.
 */

interface Guard {
  /** The index and page of the entry the guarded page is on. */
  index: number;
  pathname: string;
  shouldAsk: () => boolean;
  /** Shows the question; `leave` makes the move after all. */
  ask: (to: string, leave: () => void) => void;
}

let guard: Guard | undefined;
/** The question to ask once the browser is back on the guarded entry. */
let askOnReturn: (() => void) | undefined;
/** The teacher said to leave: the next move is the router's. */
let isLeaving = false;

const indexOf = (state: unknown): number | undefined => {
  const index = (state as { idx?: unknown } | null)?.idx;
  return typeof index === "number" ? index : undefined;
};

function onPopState(event: PopStateEvent): void {
  if (isLeaving) {
    isLeaving = false;
    return;
  }
  if (askOnReturn) {
    event.stopImmediatePropagation();
    const ask = askOnReturn;
    askOnReturn = undefined;
    ask();
    return;
  }
  const to = indexOf(event.state);
  // Moves within the page (another student of the same review, say) leave nothing behind.
  if (!guard || to === undefined || window.location.pathname === guard.pathname || !guard.shouldAsk()) return;
  event.stopImmediatePropagation();
  const steps = guard.index - to;
  const { ask } = guard;
  const address = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  askOnReturn = () =>
    ask(address, () => {
      isLeaving = true;
      window.history.go(-steps);
    });
  window.history.go(steps);
}

/** Call once, before the app (and with it the router) renders. */
export function installPopStateGuard(): void {
  window.addEventListener("popstate", onPopState);
}

/**
 * Guards the history entry shown now: Back or Forward off its page asks through `ask` while `shouldAsk()` says so.
 * Call again whenever the entry changes; returns the release.
 */
export function guardPopState(shouldAsk: () => boolean, ask: (to: string, leave: () => void) => void): () => void {
  const index = indexOf(window.history.state);
  if (index === undefined) return () => undefined;
  const mine: Guard = { index, pathname: window.location.pathname, shouldAsk, ask };
  guard = mine;
  return () => {
    if (guard === mine) guard = undefined;
  };
}
