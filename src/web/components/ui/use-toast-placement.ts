import { useCallback, useEffect, useState, type RefObject } from "react";

/** Buttons a toast must never cover (Accept, Save): mark them with this attribute. */
export const avoidToastAttribute = "data-avoid-toast";

export type ToastEdge = "bottom" | "top";

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Where the toasts go: at the bottom, unless a toast there would cover a marked button, then at the top (and back).
 * Rechecked when toasts change, on scroll and on resize, so a button scrolled under the toast is uncovered at once.
 */
export function useToastPlacement(viewport: RefObject<HTMLElement | null>, toastCount: number): ToastEdge {
  const [edge, setEdge] = useState<ToastEdge>("bottom");
  const place = useCallback(() => {
    const region = viewport.current;
    if (!region || toastCount === 0) return;
    const guarded = [...document.querySelectorAll(`[${avoidToastAttribute}]`)].map((element) => element.getBoundingClientRect()).filter((rect) => rect.width > 0);
    if (!guarded.length) return setEdge("bottom");
    const toasts = [...region.children].map((child) => child.getBoundingClientRect());
    const height = toasts.reduce((sum, rect) => sum + rect.height, 0);
    const { left, right } = region.getBoundingClientRect();
    // The lane each edge would use, whichever edge the toasts sit at now.
    const lane = (at: ToastEdge) => (at === "bottom" ? new DOMRect(left, window.innerHeight - height - 24, right - left, height + 24) : new DOMRect(left, 0, right - left, height + 24));
    const covers = (at: ToastEdge) => guarded.some((rect) => overlaps(lane(at), rect));
    setEdge((current) => (covers(current) && !covers(current === "bottom" ? "top" : "bottom") ? (current === "bottom" ? "top" : "bottom") : current));
  }, [viewport, toastCount]);

  useEffect(() => {
    place();
    window.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [place]);
  return edge;
}
