import { Link, NavLink } from "react-router";
import { BrandLink } from "../../components/brand";
import { Button } from "../../components/ui/button";
import { UserMenu } from "../../features/auth/components/user-menu";
import { useSession } from "../../features/auth/session";
import { contactMailto } from "../../lib/contact";
import { cn } from "../../lib/utils";

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

/** The landing page's top navigation: brand, centre pill, and the account actions at right. */
export function LandingHeader({ onGetStarted }: { onGetStarted: () => void }) {
  const { status } = useSession();
  return (
    <header className="relative z-10">
      <div className="mx-auto grid max-w-6xl grid-cols-[1fr_auto] items-center gap-x-3 gap-y-3 px-4 pt-4 pb-2 sm:px-6 md:grid-cols-[1fr_auto_1fr] md:pt-6">
        <BrandLink />
        <NavPill className="order-last col-span-2 justify-self-center md:order-none md:col-span-1" />
        <div className="flex items-center justify-end gap-1.5 sm:gap-2">
          {status === "signed-in" ? (
            <UserMenu />
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" className="px-3">
                <Link to="/auth">Sign In</Link>
              </Button>
              <Button size="sm" onClick={onGetStarted}>
                Get Started
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
