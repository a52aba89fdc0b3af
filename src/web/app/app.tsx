import { Suspense } from "react";
import { BrowserRouter } from "react-router";
import { PageFallback } from "./page-fallback";
import { RouteErrorBoundary } from "./route-error";
import { AppRoutes } from "./router";
import { ScrollRestoration } from "./scroll-restoration";

/**
 * Navigation runs in a transition (React Router's default), so the page on screen stays until the next one's code
 * has arrived; PageFallback shows only while the first page of a visit loads.
 */
export function App() {
  return (
    <BrowserRouter>
      <RouteErrorBoundary>
        <Suspense fallback={<PageFallback />}>
          <AppRoutes />
        </Suspense>
      </RouteErrorBoundary>
      <ScrollRestoration />
    </BrowserRouter>
  );
}
