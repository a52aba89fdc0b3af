import { RequireSession } from "../../features/auth/require-session";
import { useSession } from "../../features/auth/session";
import { useDocumentTitle } from "../../lib/use-document-title";
import { PageBody, PageHeader } from "../dashboard/page-header";
import { AccountSection } from "./account-section";
import { BioSection } from "./bio-section";
import { DataSection } from "./data-section";
import { PasswordSection } from "./password-section";
import { TwoFactorSection } from "./two-factor-section";

/** /app/profile: username, photo and bio; password and two-factor sign-in; a copy of the data, or deleting the account. */
export function ProfilePage() {
  return (
    <RequireSession>
      <ProfileContent />
    </RequireSession>
  );
}

function ProfileContent() {
  useDocumentTitle("Profile");
  const { user } = useSession();
  if (!user) return null;
  return (
    <PageBody>
      <PageHeader title="Profile" description="Your account, what Markwise knows about you, and how you sign in." />
      <div className="mt-8 grid max-w-3xl gap-6">
        <AccountSection user={user} />
        <BioSection />
        <PasswordSection />
        <TwoFactorSection isEnabled={user.twoFactorEnabled === true} />
        <DataSection />
      </div>
    </PageBody>
  );
}
