import { useEffect } from "react";

const productName = "Markwise";

/** Sets the tab title for a page: "<page> · Markwise", or the bare product name for the home page. */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${productName}` : `${productName} · AI Teaching Assistant`;
  }, [pageTitle]);
}
