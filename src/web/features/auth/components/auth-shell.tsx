import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandLink } from "../../../components/brand";

/**
 * The frame of the account pages (/auth, /auth/confirmed, /auth/reset-password): the brand, a way back to the
 * landing page, and one card in the middle.
 */
export function AuthShell({ children, below }: { children: ReactNode; below?: ReactNode }) {
  return (
    <div className="relative isolate flex min-h-dvh flex-col">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-accent-soft/70 to-transparent" />
      <header>
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:h-20 sm:px-6">
          <BrandLink />
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 rounded-md px-1 py-1 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Back to home
          </Link>
        </div>
      </header>
      <main className="flex flex-1 justify-center px-4 pt-4 pb-16 sm:px-6 sm:pt-10">
        <div className="w-full max-w-[27rem]">
          <div className="rounded-2xl border border-border bg-surface p-5 shadow-card sm:p-8">{children}</div>
          {below ? <div className="mt-6 text-center text-sm text-muted-foreground">{below}</div> : null}
        </div>
      </main>
    </div>
  );
}

/** The heading block at the top of an account card. */
export function AuthHeading({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="grid gap-2">
      {icon ? <span className="mb-2 grid size-11 place-items-center rounded-xl bg-accent-soft text-primary [&_svg]:size-5">{icon}</span> : null}
      <h1 className="font-display text-[1.75rem] leading-tight font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {children ? <p className="leading-relaxed text-muted-foreground">{children}</p> : null}
    </div>
  );
}

/** A text-like button inside the account cards ("Forgot password?", "Back to sign in"). */
export const inlineLinkClass =
  "rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2";
