import type { ReactNode } from "react";
import { Link } from "react-router";
import { Spinner } from "../../../components/ui/spinner";
import { useAssignmentClassroom, useClassroomConnection } from "../api";
import { LinkCourseForm } from "./link-course-form";
import { LinkedCourseActions } from "./linked-course-actions";

/**
 * The assignment's Google Classroom panel: nothing when the server has no Google set up; a pointer to Settings until
 * Classroom is connected; then choose a course, or act on the linked one.
 */
export function ClassroomPanel({ assignmentId, frame }: { assignmentId: string; frame: (content: ReactNode) => ReactNode }) {
  const connection = useClassroomConnection();
  const link = useAssignmentClassroom(assignmentId, connection.data?.isConnected === true);
  if (!connection.data?.isAvailable) return null;
  if (!connection.data.isConnected) {
    return frame(
      <p className="text-sm text-muted-foreground">
        Import a course&apos;s roster and turned-in work, and send grades back.{" "}
        <Link to="/app/settings" className="font-medium text-primary underline-offset-4 hover:underline">
          Connect Google Classroom in Settings
        </Link>
        .
      </p>,
    );
  }
  if (link.isPending) return frame(<Spinner size="sm" label="Loading the Classroom link..." />);
  if (link.isError) return frame(<p role="alert" className="text-sm text-destructive">The Classroom link could not be loaded. Reload the page to try again.</p>);
  return frame(link.data.link ? <LinkedCourseActions assignmentId={assignmentId} link={link.data.link} /> : <LinkCourseForm assignmentId={assignmentId} />);
}
