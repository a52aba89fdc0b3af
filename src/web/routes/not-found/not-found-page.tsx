import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { SimpleHeader } from "../../components/simple-header";
import { Button } from "../../components/ui/button";
import { useDocumentTitle } from "../../lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("404 Page Not Found");
  return (
    <div className="flex min-h-dvh flex-col">
      <SimpleHeader />
      <main className="grid flex-1 place-items-center px-4 py-16">
        <div className="max-w-md text-center">
          <p className="font-display text-7xl font-semibold text-primary/75 tabular-nums sm:text-8xl" aria-hidden>
            404
          </p>
          <h1 className="mt-4 font-display text-3xl font-semibold tracking-tight sm:text-4xl">404 Page Not Found</h1>
          <p className="mt-4 leading-relaxed text-muted-foreground">
            This page doesn't exist or has moved. Check the address, or head back to the home page.
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/">
              <ArrowLeft aria-hidden />
              Back to home
            </Link>
          </Button>
        </div>
      </main>
    </div>
  );
}
