import type { FakeCourse, FakeSubmission } from "./fake-google-classroom";
import { escapeHtml, renderPage } from "./html";

const attachmentsOf = (submission: FakeSubmission) =>
  submission.assignmentSubmission.attachments
    .map((attachment) => {
      const file = attachment.driveFile as { title?: string } | undefined;
      return file ? escapeHtml(file.title ?? "File") : "attachment";
    })
    .join(", ");

/**
 * The Classroom side: the course's coursework with each student's submission (state, work, the draft and assigned
 * grades Markwise set), a form to add coursework made in Classroom, and one to turn in work for a student.
 */
export function renderClassroomPage(course: FakeCourse, markwiseUrl: string, googleUrl: string): string {
  const nameOf = (userId: string) => course.students.find((student) => student.userId === userId)?.fullName ?? userId;
  const works = course.courseWork.length
    ? course.courseWork
        .map((work) => {
          const rows = course.submissions
            .filter((submission) => submission.courseWorkId === work.id)
            .map((submission) => `<tr><td>${escapeHtml(nameOf(submission.userId))}</td><td>${submission.state}</td><td>${submission.draftGrade ?? "—"}</td><td>${submission.assignedGrade ?? "—"}</td><td>${attachmentsOf(submission)}</td></tr>`)
            .join("");
          const origin = work.associatedWithDeveloper ? "published by Markwise: it can set grades" : "made in Classroom: Markwise can import it, not grade it";
          return `<section aria-label="Coursework ${escapeHtml(work.title)}"><h2>${escapeHtml(work.title)} <span class="muted">(${work.maxPoints ?? "ungraded"} points; ${origin})</span></h2>
<div class="table"><table><thead><tr><th>Student</th><th>State</th><th>Draft grade</th><th>Assigned grade</th><th>Work</th></tr></thead><tbody>${rows}</tbody></table></div></section>`;
        })
        .join("")
    : `<section><p class="muted">No coursework yet: publish a Markwise assignment to this course from Markwise, or add coursework below.</p></section>`;
  const workOptions = course.courseWork.map((work) => `<option value="${escapeHtml(work.id)}">${escapeHtml(work.title)}</option>`).join("");
  const studentOptions = course.students.map((student) => `<option value="${escapeHtml(student.userId)}">${escapeHtml(student.fullName)}</option>`).join("");
  return renderPage(
    `Classroom: ${course.name}`,
    `<section><p>In Markwise, sign in with Google or "Connect Google Classroom" in <a href="${escapeHtml(markwiseUrl)}/app/settings">Settings</a>, then choose "${escapeHtml(course.name)} (${escapeHtml(course.section ?? "")})" on an assignment. Google's endpoints answer at ${escapeHtml(googleUrl)}.</p></section>
${works}
<section aria-labelledby="turn-in"><h2 id="turn-in">Turn in work for a student</h2>
${workOptions ? `<form method="post" action="/classroom/turn-in"><label for="courseWorkId">Coursework</label><select id="courseWorkId" name="courseWorkId">${workOptions}</select>
<label for="userId">Student</label><select id="userId" name="userId">${studentOptions}</select>
<label for="kind">As</label><select id="kind" name="kind"><option value="doc">a Google Doc</option><option value="text">a text file</option></select>
<label for="content">The work</label><textarea id="content" name="content" rows="6" required></textarea><button class="primary">Turn in</button></form>` : `<p class="muted">Add coursework first.</p>`}</section>
<section aria-labelledby="add-work"><h2 id="add-work">Add coursework made in Classroom</h2>
<form method="post" action="/classroom/coursework"><label for="title">Title</label><input id="title" name="title" required><label for="maxPoints">Points</label><input id="maxPoints" name="maxPoints" type="number" min="1" value="20"><button>Add coursework</button></form></section>`,
  );
}
