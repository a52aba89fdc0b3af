import { useEffect, useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Where the reader was on each history entry of this page load, by the entry's key. */
const positions = new Map<string, number>();

/**
 * What a browser does for whole pages, for the app's pages: a new page starts at the top (or at the #fragment it
 * names), Back and Forward return to where the reader was.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Scroll events arrive after the page that caused them is on screen: they belong to the entry shown now.
  const shownKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    const remember = () => positions.set(shownKey.current, window.scrollY);
    window.addEventListener("scroll", remember, { passive: true });
    return () => window.removeEventListener("scroll", remember);
  }, []);

  useLayoutEffect(() => {
    shownKey.current = location.key;
    const saved = positions.get(location.key);
    if (navigationType === "POP" && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
