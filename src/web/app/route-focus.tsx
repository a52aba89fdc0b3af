import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { focusWithoutRing } from "../lib/focus";

/** The page's own heading, or its main region when it has none. */
function pageTarget(): HTMLElement | null {
  return document.querySelector<HTMLElement>("main h1, h1") ?? document.querySelector<HTMLElement>("main");
}

/** A field the new page focused on purpose (the wizard's title field) is kept; anything else moves to the heading. */
function pageChoseFocus(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement;
}

/**
 * After a route change a keyboard or screen-reader user was left on the page body (or on the link that is gone), at
 * the top of a page that announced nothing. Focus the new page's h1 once it is drawn, as the setup and wizard steps
 * do for their step headings. The first page of a visit keeps the browser's own start, with the skip link first.
 */
export function useFocusOnRouteChange() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Lazy pages and their data draw the heading a little later: look for it for up to two seconds.
    let frame = 0;
    const stopAt = performance.now() + 2000;
    const tryFocus = () => {
      if (pageChoseFocus()) return;
      const heading = document.querySelector<HTMLElement>("h1");
      if (heading) return focusWithoutRing(heading);
      if (performance.now() < stopAt) frame = requestAnimationFrame(tryFocus);
    };
    frame = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}

/** The first thing Tab reaches on every app page: past the sidebar or header straight to the page itself. */
export function SkipToContent() {
  return (
    <a
      href="#content"
      onClick={(event) => {
        const target = pageTarget();
        if (!target) return;
        event.preventDefault();
        focusWithoutRing(target);
        target.scrollIntoView({ block: "start" });
      }}
      className="sr-only z-[100] rounded-lg bg-surface px-4 py-2 text-sm font-medium text-foreground shadow-overlay focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-none focus:ring-2 focus:ring-ring"
    >
      Skip to content
    </a>
  );
}
