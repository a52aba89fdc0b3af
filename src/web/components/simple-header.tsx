import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandLink } from "./brand";
import { Button } from "./ui/button";

/** The slim header of inner pages: the brand at left and one page-specific action at right. */
export function SimpleHeader({ action }: { action?: ReactNode }) {
  return (
    <header className="border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandLink />
        {action}
      </div>
    </header>
  );
}

/** The inner-page header whose one action leads back to the dashboard. */
export function BackToDashboardHeader() {
  return (
    <SimpleHeader
      action={
        <Button asChild variant="ghost" size="sm">
          <Link to="/app">
            <ArrowLeft aria-hidden />
            Dashboard
          </Link>
        </Button>
      }
    />
  );
}
