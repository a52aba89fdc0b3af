import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { guardPopState } from "./pop-state-guard";

/**
 * Asks before an in-app link, or the browser's Back or Forward button, takes the teacher off this page while
 * `shouldAsk()` says something would be left behind. The app's declarative router has no blocker (decision 018 keeps
 * the data router off the landing page), so a click on a link to another page is caught on its way down (capture
 * phase, before React Router's Link sees it) and held until the teacher says to leave; Back and Forward are held by
 * pop-state-guard.ts, before the router hears of them. Only links the router would follow: same origin, another path,
 * a plain left click in this tab; files under /api/ and links with a modifier key are the browser's (beforeunload
 * covers those). Returns where the held move leads (undefined when none is held), and how to go there or stay.
 */
export function useLeaveGuard(shouldAsk: () => boolean): { heldTo: string | undefined; leave: () => void; stay: () => void } {
  const navigate = useNavigate();
  const { key } = useLocation();
  // A held link is followed by navigate(to); a held Back or Forward brings its own way to go on (`go`).
  const [held, setHeld] = useState<{ to: string; go?: () => void }>();
  const latestShouldAsk = useRef(shouldAsk);
  useEffect(() => {
    latestShouldAsk.current = shouldAsk;
  });

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin || to.pathname === window.location.pathname || to.pathname.startsWith("/api/")) return;
      if (!latestShouldAsk.current()) return;
      event.preventDefault();
      setHeld({ to: `${to.pathname}${to.search}${to.hash}` });
    };
    document.addEventListener("click", onClick, true);
    return () => document.removeEventListener("click", onClick, true);
  }, []);

  // Each history entry the page shows is guarded in turn (the entry's index tells Back from Forward).
  useEffect(() => guardPopState(() => latestShouldAsk.current(), (to, go) => setHeld({ to, go })), [key]);

  return {
    heldTo: held?.to,
    leave: () => {
      setHeld(undefined);
      if (held?.go) held.go();
      else if (held) void navigate(held.to);
    },
    stay: () => setHeld(undefined),
  };
}
