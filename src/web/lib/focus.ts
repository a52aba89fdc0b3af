import { useEffect, useRef } from "react";

export function focusWithoutRing(element: HTMLElement) {
  // A heading is not focusable by itself; -1 lets a script focus it without adding it to the Tab order.
  if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "-1");
  element.classList.add("focus:outline-none");
  element.focus();
}

/**
 * Moves focus to what `target` finds each time `step` changes (not on the first draw). A step that replaces the
 * button just pressed (Start quiz, Submit answers, Show answer) left a keyboard or screen-reader user on the page
 * body, at the top, with nothing announced.
 */
export function useFocusOnStep(step: unknown, target: () => HTMLElement | null | undefined) {
  const isFirst = useRef(true);
  const find = useRef(target);
  find.current = target;
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const element = find.current();
    if (element) focusWithoutRing(element);
  }, [step]);
}
