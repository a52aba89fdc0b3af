import { Bell } from "lucide-react";
import { useDocumentTitle } from "../../lib/use-document-title";
import { EmptyPage } from "./empty-page";

export function NotificationsPage() {
  useDocumentTitle("Notifications");
  return (
    <EmptyPage
      title="Notifications"
      description="Alerts about your students' work."
      icon={Bell}
      heading="No notifications yet"
      body="Once submissions are graded, this is where Markwise tells you about them: grades waiting for your review because their confidence fell below your auto-accept threshold, late submissions, and possible plagiarism."
    />
  );
}
