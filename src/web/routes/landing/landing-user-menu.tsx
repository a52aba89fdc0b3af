import { AppProviders } from "../../app/app-shell";
import { UserMenu } from "../../features/auth/components/user-menu";

/** The avatar menu with what it needs (the session's sign-out, toasts), for the landing page's signed-in header. */
export function LandingUserMenu() {
  return (
    <AppProviders>
      <UserMenu />
    </AppProviders>
  );
}
