import { RotateCw } from "lucide-react";
import { useEffect } from "react";
import { useRouteError } from "react-router";
import { Button } from "../components/ui/button";

/** Shown when a page fails to load or render, most often a stale bundle after a deploy. */
export function RouteError() {
  const error = useRouteError();
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
