import { Link } from "react-router";
import { contactMailto, supportEmail } from "../lib/contact";
import { BrandMark } from "./brand";

const footerLink =
  "rounded-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function SiteFooter() {
  return (
    <footer className="border-t border-border/70">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-center gap-2 text-muted-foreground">
          <BrandMark className="size-5" />
          <span>© {new Date().getFullYear()} Markwise</span>
        </p>
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/privacy" className={footerLink}>
            Privacy
          </Link>
          <a href={contactMailto} className={footerLink}>
            {supportEmail}
          </a>
        </nav>
      </div>
    </footer>
  );
}
