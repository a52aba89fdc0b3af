/**
 * What a failed connection comes back to Settings with (better-auth puts Google's or its own code in `?error=`), in
 * words a teacher can act on. Without this the page only said "Not connected".
 */
export function connectErrorMessage(code: string): string {
  switch (code) {
    case "account_already_linked_to_different_user":
      return "That Google account is already connected to another Markwise account. Choose your own school Google account when you connect again.";
    case "access_denied":
      return "Google Classroom was not connected: Google's permissions were not granted. Connect again and allow them to import rosters and work.";
    default:
      return `Google Classroom could not be connected (Google answered "${code.replace(/_/g, " ")}"). Try again, or ask your school's IT team.`;
  }
}
