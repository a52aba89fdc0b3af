import { BarChart3 } from "lucide-react";
import { useDocumentTitle } from "../../lib/use-document-title";
import { EmptyPage } from "./empty-page";

export function AnalyticsPage() {
  useDocumentTitle("Analytics");
  return (
    <EmptyPage
      title="Analytics"
      description="How your classes are doing."
      icon={BarChart3}
      heading="Nothing to chart yet"
      body="Once submissions are graded, this page shows score distributions per assignment, how students do on each rubric criterion, and how often you change the grades Markwise suggests."
    />
  );
}
