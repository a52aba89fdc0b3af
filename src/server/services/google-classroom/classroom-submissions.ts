import type { ClassroomSubmissionsResult } from "../../../contracts/google-classroom";
import type { ClassroomAttachment, StudentSubmission } from "../../integrations/google-classroom/schemas";
import { addUploadedSubmissions, type IncomingFile, type IntakeDeps } from "../submissions/intake";
import { importClassroomRoster } from "./classroom-roster";
import { requireClassroomLink } from "./course-links";
import { asAppError, classroomClientFor, type ClassroomDeps } from "./google-connection";

const turnedIn = new Set(["TURNED_IN", "RETURNED"]);

/** Why an attachment that is not a Drive file cannot be imported. */
function notAFile(attachment: ClassroomAttachment): { fileName: string; reason: string } {
  if (attachment.link) return { fileName: attachment.link.title ?? attachment.link.url, reason: "It is a link: open it from Classroom and upload the work by hand." };
  if (attachment.youTubeVideo) return { fileName: "YouTube video", reason: "A video cannot be graded as writing." };
  if (attachment.form) return { fileName: "Google Form", reason: "A form's answers are not a document: upload the work by hand." };
  return { fileName: "Attachment", reason: "Markwise cannot read this kind of attachment: upload the work by hand." };
}

/**
 * When the work was last turned in, from Classroom's history of the submission. Its `updateTime` moves whenever a grade
 * is set or the work returned, so a late penalty counted from it charged days the student never took. Work turned
 * in, taken back and turned in again was handed in the last time.
 */
export function turnedInAt(submission: StudentSubmission): Date | undefined {
  const times = (submission.submissionHistory ?? []).flatMap((entry) => (entry.stateHistory?.state === "TURNED_IN" && entry.stateHistory.stateTimestamp ? [Date.parse(entry.stateHistory.stateTimestamp)] : []));
  const latest = times.filter(Number.isFinite).sort((a, b) => b - a)[0];
  if (latest !== undefined) return new Date(latest);
  return submission.updateTime ? new Date(submission.updateTime) : undefined;
}

/**
 * Import submissions from the linked coursework: the roster first (so each file is the right student's), then every
 * turned-in student's first readable file (Google Docs as text, other files through the document readers). Files
 * that cannot be fetched or read are listed by student, to upload by hand. Work already imported is not added again.
 */
export async function importClassroomSubmissions(deps: ClassroomDeps & IntakeDeps, teacherId: string, assignmentId: string, timeZone: string): Promise<ClassroomSubmissionsResult> {
  const { link } = await requireClassroomLink(deps.db, teacherId, assignmentId, { needsCourseWork: true });
  const { nameByUser } = await importClassroomRoster(deps, teacherId, assignmentId);
  const client = await classroomClientFor(deps, teacherId);
  const submissions = await client.listStudentSubmissions(link.courseId, link.courseWorkId).catch(asAppError);

  const files: IncomingFile[] = [];
  const result: ClassroomSubmissionsResult = { imported: 0, alreadyImported: 0, uploadByHand: [], notTurnedIn: [] };
  for (const submission of submissions) {
    const studentName = nameByUser.get(submission.userId) ?? `Classroom student ${submission.userId}`;
    const attachments = submission.assignmentSubmission?.attachments ?? [];
    if (!turnedIn.has(submission.state ?? "") || !attachments.length) {
      result.notTurnedIn.push(studentName);
      continue;
    }
    let hasFile = false;
    for (const attachment of attachments) {
      if (!attachment.driveFile) {
        result.uploadByHand.push({ studentName, ...notAFile(attachment) });
        continue;
      }
      const title = attachment.driveFile.title ?? "File";
      if (hasFile) {
        result.uploadByHand.push({ studentName, fileName: title, reason: "Markwise grades one file per student and imported their first; upload this one by hand if it is the work." });
        continue;
      }
      const content = await client.readDriveFile(attachment.driveFile.id, title).catch(asAppError);
      if (content.kind === "unreadable") {
        result.uploadByHand.push({ studentName, fileName: content.name, reason: content.reason });
        continue;
      }
      hasFile = true;
      // The student's name in the file name keeps two students' "Essay.docx" apart in the intake's report.
      const submittedAt = turnedInAt(submission);
      files.push({ name: `${studentName} - ${content.name}`, bytes: content.bytes, studentName, ...(submittedAt ? { submittedAt } : {}) });
    }
  }
  if (files.length) {
    const outcome = await addUploadedSubmissions(deps, teacherId, assignmentId, files, timeZone);
    result.imported = outcome.created.length;
    result.alreadyImported = outcome.duplicates.length;
    const ownerOf = new Map(files.map((file) => [file.name, file.studentName!]));
    for (const rejected of outcome.rejected) result.uploadByHand.push({ studentName: ownerOf.get(rejected.fileName) ?? "", fileName: rejected.fileName, reason: rejected.message });
  }
  result.notTurnedIn.sort();
  return result;
}
