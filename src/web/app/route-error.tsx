import { RotateCw } from "lucide-react";
import { Component, useEffect, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Button } from "../components/ui/button";

/** Shown when a page fails to load or render, most often a stale bundle after a deploy. */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    document.title = "Something went wrong · Markwise";
    console.warn("Route failed", error);
  }, [error]);
  return (
    <main className="grid min-h-dvh place-items-center px-4">
      <div className="max-w-md text-center">
        <h1 className="font-display text-3xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="mt-3 leading-relaxed text-muted-foreground">This page couldn't be shown. Reloading usually fixes it.</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden />
          Reload
        </Button>
      </div>
    </main>
  );
}

type BoundaryProps = { address: string; children: ReactNode };
type BoundaryState = { error: unknown; address: string; hasError: boolean };

class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, address: this.props.address, hasError: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  // Going to another address tries again, as a new page would.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.address === state.address ? null : { address: props.address, error: undefined, hasError: false };
  }

  override render() {
    return this.state.hasError ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Catches what a page throws while loading or rendering, and shows RouteError in its place. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundary address={pathname}>{children}</PageErrorBoundary>;
}
