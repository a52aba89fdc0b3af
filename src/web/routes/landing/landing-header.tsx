import { lazy, Suspense, type DOMAttributes } from "react";
import { Link, NavLink } from "react-router";
import { BrandLink } from "../../components/brand";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import type { SessionStatus } from "../../features/auth/session";
import { contactMailto } from "../../lib/contact";
import { cn } from "../../lib/utils";

// Signed in, the avatar menu needs the signed-in app's providers: it loads with them, for signed-in visitors only.
const LandingUserMenu = lazy(async () => ({ default: (await import("./landing-user-menu")).LandingUserMenu }));

const pillLink = cn(
  "rounded-full px-3.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors sm:px-4",
  "hover:bg-surface hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
);
const activePill = "bg-surface text-foreground shadow-xs";

function NavPill({ className }: { className?: string }) {
  return (
    <nav aria-label="Main" className={className}>
      <ul className="flex items-center gap-0.5 rounded-full border border-border bg-muted/70 p-1">
        <li>
          <NavLink to="/" end className={({ isActive }) => cn(pillLink, isActive && activePill)}>
            Home
          </NavLink>
        </li>
        <li>
          <NavLink to="/app" className={({ isActive }) => cn(pillLink, isActive && activePill)}>
            App
          </NavLink>
        </li>
        <li>
          <a href={contactMailto} className={pillLink}>
            Contact
          </a>
        </li>
        <li>
          <NavLink to="/privacy" className={({ isActive }) => cn(pillLink, isActive && activePill)}>
            Privacy
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

type LandingHeaderProps = {
  status: SessionStatus;
  onGetStarted: () => void;
  /** Handlers for the Get Started button beyond its click (the page loads its dialog early with them). */
  getStartedProps?: DOMAttributes<HTMLButtonElement>;
};

/**
 * The landing page's top navigation: brand, centre pill, and the account actions at right. While the session is
 * being determined the actions are laid out but hidden under Loading..., so nothing moves when they appear.
 */
export function LandingHeader({ status, onGetStarted, getStartedProps }: LandingHeaderProps) {
  const isLoading = status === "loading";
  return (
    <header className="relative z-10">
      <div className="mx-auto grid max-w-6xl grid-cols-[1fr_auto] items-center gap-x-3 gap-y-3 px-4 pt-4 pb-2 sm:px-6 md:grid-cols-[1fr_auto_1fr] md:pt-6">
        <BrandLink />
        <NavPill className="order-last col-span-2 justify-self-center md:order-none md:col-span-1" />
        {status === "signed-in" ? (
          <div className="flex items-center justify-end">
            <Suspense fallback={<span className="size-8" />}>
              <LandingUserMenu />
            </Suspense>
          </div>
        ) : (
          <div className="relative flex items-center justify-end">
            <div className={cn("flex items-center gap-1.5 sm:gap-2", isLoading && "invisible")}>
              <Button asChild variant="ghost" size="sm" className="px-3">
                <Link to="/auth">Sign In</Link>
              </Button>
              <Button size="sm" onClick={onGetStarted} {...getStartedProps}>
                Get Started
              </Button>
            </div>
            {isLoading ? <Spinner label="Loading..." size="sm" className="absolute inset-y-0 right-0" /> : null}
          </div>
        )}
      </div>
    </header>
  );
}
