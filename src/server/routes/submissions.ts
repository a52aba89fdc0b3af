import { z } from "zod";
import { errorBody } from "../../contracts/errors";
import {
  agreementGrowth,
  agreementView,
  feedbackReport,
  gradebook,
  gradeEditInput,
  regradeInput,
  acceptInput,
  reportQuery,
  gradingProgress,
  learningInput,
  pastedSubmissionInput,
  proposedSamples,
  rosterInput,
  rosterView,
  submissionDetail,
  submissionLimits,
  submissionListQuery,
  submissionSummary,
  submissionUploadInput,
  updateSubmissionInput,
  uploadOutcome,
} from "../../contracts/submissions";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import type { SessionUser } from "../http/app-env";
import { findAssignmentRow } from "../services/assignments";
import type { Actor } from "../services/submissions/audit";
import { buildFeedbackReport, buildGradebook, exportGradebookCsv } from "../services/submissions/gradebook";
import { agreementForAssignment } from "../services/submissions/grading";
import { agreementGrowthFor } from "../services/submissions/agreement-growth";
import { listSubmissionsByLearningValue, proposeSamples } from "../services/submissions/proposed-samples";
import { addPastedSubmission, addUploadedSubmissions } from "../services/submissions/intake";
import { findSubmissionDetail, gradingProgress as readProgress, listSubmissions } from "../services/submissions/queries";
import { acceptGrade, addReviewedGradeToSamples, deleteSubmission, editGrade, requestRegrade, restoreReview, setTeachesGrader, updateSubmissionDetails } from "../services/submissions/review";
import { findRoster, replaceRoster } from "../services/submissions/roster";

const assignmentParams = z.object({ id: z.string() });
const submissionParams = z.object({ submissionId: z.string() });
const unauthorized = { description: "Not signed in", schema: errorBody };
const missing = { description: "Not found for this teacher", schema: errorBody };
const invalid = { description: "Invalid input; `fields` names each problem", schema: errorBody };
const conflict = { description: "Not possible in the submission's current state", schema: errorBody };

const actorOf = (user: SessionUser): Actor => ({ id: user.id, name: user.username || user.email });

export function registerSubmissionRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;
  const intakeDeps = { db, storage: deps.storage, ocr: deps.ocr, queue: deps.grading };
  const proposalDeps = { db, spellChecker: deps.spellChecker, classAnalyses: deps.classAnalyses };

  router.route(
    {
      method: "post",
      path: "/api/assignments/:id/submissions",
      summary: "Upload student work: documents, scans, photos or a .zip of them (field `files`, repeated); `details` (JSON list, same order) corrects names and submission times",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      bodyType: "multipart",
      body: submissionUploadInput,
      maxBodyBytes: submissionLimits.maxBytesPerRequest,
      responses: { 200: { description: "Per file: created, duplicate (already uploaded) or rejected with the reason", schema: uploadOutcome }, 400: invalid, 409: conflict, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => {
      const teacherId = requireUser(c).id;
      const files = await Promise.all(
        body.files.map(async (file, index) => {
          const details = body.details[index];
          return {
            name: file.name,
            bytes: new Uint8Array(await file.arrayBuffer()),
            ...(details?.studentName ? { studentName: details.studentName } : {}),
            ...(details?.submittedAt ? { submittedAt: new Date(details.submittedAt) } : {}),
          };
        }),
      );
      return c.json(await addUploadedSubmissions(intakeDeps, teacherId, params.id, files, body.timeZone ?? "UTC"));
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/assignments/:id/submissions/text",
      summary: "Add pasted student work with the student's name",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      body: pastedSubmissionInput,
      responses: { 200: { description: "Created, or a duplicate of work already uploaded", schema: uploadOutcome }, 400: invalid, 409: conflict, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => {
      const pasted = { studentName: body.studentName, text: body.text, timeZone: body.timeZone ?? "UTC", ...(body.submittedAt ? { submittedAt: new Date(body.submittedAt) } : {}) };
      return c.json(await addPastedSubmission(intakeDeps, requireUser(c).id, params.id, pasted));
    },
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id/submissions",
      summary: "The assignment's submissions; order=review lists the lowest confidence first, order=learning the reviews that would teach the grader most",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      query: submissionListQuery,
      responses: { 200: { description: "Submissions", schema: z.array(submissionSummary) }, 404: missing, 401: unauthorized },
    },
    async (c, { params, query }) => {
      const teacherId = requireUser(c).id;
      if (query.order === "learning") return c.json(await listSubmissionsByLearningValue(proposalDeps, teacherId, params.id, query.status));
      return c.json(await listSubmissions(db, teacherId, params.id, { order: query.order, ...(query.status ? { status: query.status } : {}) }));
    },
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id/proposed-samples",
      summary: "While the assignment has fewer graded texts than the calibration wants: the submissions to grade first, each with why",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      responses: { 200: { description: "Proposed samples (none once the calibration has enough)", schema: proposedSamples }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await proposeSamples(proposalDeps, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id/agreement-growth",
      summary: "Agreement between the grader's proposed grade and the teacher's reviewed grade so far, and in runs of ten reviews in review order",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      responses: { 200: { description: "Agreement so far", schema: agreementGrowth }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await agreementGrowthFor(db, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id/grading-progress",
      summary: "Counts by grading state, for live progress",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      responses: { 200: { description: "Counts", schema: gradingProgress }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await readProgress(db, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id/agreement",
      summary: "How well the grader agrees with the teacher's reviewed grades (exact, adjacent, QWK) and whether auto-accept is trusted",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      responses: { 200: { description: "Agreement", schema: agreementView }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await agreementForAssignment(db, await findAssignmentRow(db, requireUser(c).id, params.id))),
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id/roster",
      summary: "The class list with who has submitted, who is missing and which submissions match no one",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      responses: { 200: { description: "Roster", schema: rosterView }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await findRoster(db, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "put",
      path: "/api/assignments/:id/roster",
      summary: "Replace the class list from pasted lines or CSV text (name, optional id)",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      body: rosterInput,
      responses: { 200: { description: "Roster, with any problems found per line", schema: rosterView }, 400: invalid, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => c.json(await replaceRoster(db, requireUser(c).id, params.id, body.text)),
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id/gradebook",
      summary: "Students by criteria with raw score, late penalty, final score and status; score distribution per criterion",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      responses: { 200: { description: "Gradebook", schema: gradebook }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await buildGradebook(db, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id/gradebook.csv",
      summary: "The gradebook as CSV (one row per submission, then missing students); grades not reviewed are left out unless drafts=mark",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      query: reportQuery,
      responses: { 200: { description: "text/csv" }, 400: invalid, 404: missing, 401: unauthorized },
    },
    async (c, { params, query }) => {
      const { fileName, csv } = await exportGradebookCsv(db, requireUser(c).id, params.id, query.drafts);
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="${fileName}"`);
      c.header("Cache-Control", "private, no-store");
      // A byte-order mark lets spreadsheet programs read accented names as UTF-8.
      return c.body(`\uFEFF${csv}`);
    },
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id/feedback-report",
      summary: "Each reviewed or accepted student's scores, rationales, quoted passages and feedback, for the printable page; drafts=mark adds unreviewed grades marked as drafts",
      tag: "Submissions",
      access: "session",
      params: assignmentParams,
      query: reportQuery,
      responses: { 200: { description: "Report", schema: feedbackReport }, 400: invalid, 404: missing, 401: unauthorized },
    },
    async (c, { params, query }) => c.json(await buildFeedbackReport(db, requireUser(c).id, params.id, query.drafts)),
  );

  router.route(
    {
      method: "get",
      path: "/api/submissions/:submissionId",
      summary: "One submission: text, grade with evidence quotes, late penalty, similarity passages and its audit trail",
      tag: "Submissions",
      access: "session",
      params: submissionParams,
      responses: { 200: { description: "Submission", schema: submissionDetail }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await findSubmissionDetail(db, requireUser(c).id, params.submissionId)),
  );

  router.route(
    {
      method: "patch",
      path: "/api/submissions/:submissionId",
      summary: "Correct the student's name or the submission time",
      tag: "Submissions",
      access: "session",
      params: submissionParams,
      body: updateSubmissionInput,
      responses: { 200: { description: "Submission", schema: submissionDetail }, 400: invalid, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => {
      const user = requireUser(c);
      const changes = { ...(body.studentName !== undefined ? { studentName: body.studentName } : {}), ...(body.submittedAt ? { submittedAt: new Date(body.submittedAt) } : {}) };
      return c.json(await updateSubmissionDetails(db, user.id, actorOf(user), params.submissionId, changes));
    },
  );

  router.route(
    {
      method: "delete",
      path: "/api/submissions/:submissionId",
      summary: "Remove a submission (uploaded by mistake)",
      tag: "Submissions",
      access: "session",
      params: submissionParams,
      responses: { 204: { description: "Removed" }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => {
      await deleteSubmission(db, deps.grading, requireUser(c).id, params.submissionId);
      return c.body(null, 204);
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/submissions/:submissionId/accept",
      summary: "Accept the grade as it stands (recorded as reviewed); with basedOn, a grade changed since answers 409",
      tag: "Review",
      access: "session",
      params: submissionParams,
      body: acceptInput,
      responses: { 200: { description: "Submission", schema: submissionDetail }, 400: invalid, 409: conflict, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => {
      const user = requireUser(c);
      return c.json(await acceptGrade(db, user.id, actorOf(user), params.submissionId, body));
    },
  );

  router.route(
    {
      method: "put",
      path: "/api/submissions/:submissionId/grade",
      summary: "Replace the scores (every criterion) and feedback; the grade becomes accepted and reviewed",
      tag: "Review",
      access: "session",
      params: submissionParams,
      body: gradeEditInput,
      responses: { 200: { description: "Submission", schema: submissionDetail }, 400: invalid, 409: conflict, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => {
      const user = requireUser(c);
      return c.json(await editGrade(db, user.id, actorOf(user), params.submissionId, body));
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/submissions/:submissionId/regrade",
      summary: "Grade again with the assignment's current calibration (the old grade stays in the history); a reviewed grade needs confirm: true",
      tag: "Review",
      access: "session",
      params: submissionParams,
      body: regradeInput,
      responses: { 200: { description: "Submission, queued", schema: submissionDetail }, 400: invalid, 409: conflict, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => {
      const user = requireUser(c);
      return c.json(await requestRegrade(db, deps.grading, user.id, actorOf(user), params.submissionId, body.confirm));
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/submissions/:submissionId/restore-review",
      summary: "Undo a regrade: the teacher's last reviewed grade becomes the grade of record again",
      tag: "Review",
      access: "session",
      params: submissionParams,
      responses: { 200: { description: "Submission", schema: submissionDetail }, 409: conflict, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => {
      const user = requireUser(c);
      return c.json(await restoreReview(db, user.id, actorOf(user), params.submissionId));
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/submissions/:submissionId/add-to-samples",
      summary: "Add a reviewed grade to the assignment's graded samples; the calibration is refitted",
      tag: "Review",
      access: "session",
      params: submissionParams,
      responses: { 200: { description: "Submission", schema: submissionDetail }, 409: conflict, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => {
      const user = requireUser(c);
      return c.json(await addReviewedGradeToSamples(db, deps.spellChecker, user.id, actorOf(user), params.submissionId));
    },
  );

  router.route(
    {
      method: "put",
      path: "/api/submissions/:submissionId/learning",
      summary: "Whether this reviewed grade teaches the grader: reviewed grades calibrate the grades that follow unless excluded",
      tag: "Review",
      access: "session",
      params: submissionParams,
      body: learningInput,
      responses: { 200: { description: "Submission", schema: submissionDetail }, 400: { description: "Invalid body", schema: errorBody }, 409: conflict, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => c.json(await setTeachesGrader(db, requireUser(c).id, params.submissionId, body.teachesGrader)),
  );
}
