import { Link2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../../components/ui/select";
import { Spinner } from "../../../components/ui/spinner";
import { describeError } from "../../../lib/api";
import { FormField } from "../../auth/components/form-field";
import { showFailure } from "../../assignments/toasts";
import { useClassroomActions, useClassroomCourses, useClassroomCourseWork } from "../api";

/** Radix Select needs a non-empty value for "publish as new coursework". */
const publishChoice = "publish";

/** Choose a course, then an existing coursework item to import from, or publishing this assignment as new coursework. */
export function LinkCourseForm({ assignmentId }: { assignmentId: string }) {
  const courses = useClassroomCourses(true);
  const [courseId, setCourseId] = useState<string>();
  const courseWork = useClassroomCourseWork(courseId);
  const [workChoice, setWorkChoice] = useState(publishChoice);
  const actions = useClassroomActions(assignmentId);

  if (courses.isPending) return <Spinner size="sm" label="Loading your Classroom courses..." />;
  if (courses.isError) return <p role="alert" className="text-sm text-destructive">{describeError(courses.error, "Your Classroom courses could not be loaded.")}</p>;
  if (!courses.data.courses.length) return <p className="text-sm text-muted-foreground">You teach no active course in Google Classroom with the account you connected.</p>;

  const isPublishing = workChoice === publishChoice;
  const link = () =>
    actions.link.mutate(
      { input: { courseId: courseId!, ...(isPublishing ? {} : { courseWorkId: workChoice }) }, isPublishing },
      { onError: (error) => showFailure("The assignment could not be linked to Classroom.", error) },
    );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="classroom-course" label="Course">
        <Select value={courseId ?? ""} onValueChange={(value) => { setCourseId(value); setWorkChoice(publishChoice); }}>
          <SelectTrigger id="classroom-course">
            <SelectValue placeholder="Choose a course" />
          </SelectTrigger>
          <SelectContent>
            {courses.data.courses.map((course) => (
              <SelectItem key={course.id} value={course.id}>
                {course.section ? `${course.name} (${course.section})` : course.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <FormField id="classroom-coursework" label="Coursework">
        <Select value={workChoice} onValueChange={setWorkChoice} disabled={!courseId || courseWork.isPending}>
          <SelectTrigger id="classroom-coursework">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={publishChoice}>Publish this assignment as new coursework</SelectItem>
            {courseWork.data?.courseWork.map((work) => (
              <SelectItem key={work.id} value={work.id}>
                {work.title || "Untitled coursework"}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      {courseWork.isError ? <p role="alert" className="text-sm text-destructive sm:col-span-2">{describeError(courseWork.error, "The course's classwork could not be loaded.")}</p> : null}
      <p className="text-sm text-muted-foreground sm:col-span-2">
        {isPublishing
          ? "Markwise publishes this assignment in the course, so it can send grades to it later."
          : "Markwise imports the turned-in work. Classroom lets only the app that created coursework set its grades, so grades can be sent only to coursework Markwise published."}
      </p>
      <div className="sm:col-span-2">
        <Button disabled={!courseId || actions.link.isPending} onClick={link}>
          {actions.link.isPending ? <Spinner size="sm" /> : <Link2 aria-hidden />}
          {isPublishing ? "Publish to Classroom" : "Link coursework"}
        </Button>
      </div>
    </div>
  );
}
