import { z } from "zod";
import {
  assignment,
  assignmentListQuery,
  assignmentMessages,
  autoAcceptOverrideInput,
  calibrationPreview,
  calibrationPreviewInput,
  createAssignmentInput,
  rubric,
  rubricChange,
  rubricUploadInput,
  savedAssignment,
  sampleUploadInput,
  uploadedSample,
  updateAssignmentInput,
} from "../../contracts/assignments";
import { criterion } from "../../contracts/teacher-profile";
import { documentLimits } from "../../contracts/documents";
import { documentMessages } from "../integrations/documents";
import { errorBody } from "../../contracts/errors";
import { rubricImportReport } from "../../contracts/rubric-import";
import { readRubricDocument } from "../services/rubric-import";
import { aiConfigFrom } from "../env";
import type { ApiRouter } from "../http/api-router";
import { AppError, notFound } from "../http/app-error";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { isUuid } from "../http/validation";
import { addSample, createAssignment, findAssignment, findAssignmentRow, listAssignments, replaceRubric, rubricChangedElsewhere, setAutoAcceptOverride, updateAssignment } from "../services/assignments";
import { discardIfBlank } from "../services/blank-drafts";
import { generateCalibrationPreview } from "../services/calibration-preview";
import { withStoredDocument } from "../services/stored-files";

const idParams = z.object({ id: z.string() });
const unauthorized = { description: "Not signed in", schema: errorBody };
const missing = { description: "No such assignment for this teacher", schema: errorBody };
const invalid = { description: "Invalid input; `fields` names each problem", schema: errorBody };
const uploadErrors = {
  413: { description: "Larger than 10 MB", schema: errorBody },
  415: { description: "Not a .txt, .doc, .docx or .pdf document", schema: errorBody },
  422: { description: "Empty, damaged, password-protected or image-only, or (rubrics) no criteria found", schema: errorBody },
};
// The file's limit and room for the form's other fields; a request over it is told the file's limit.
const uploadLimit = documentLimits.maxBytes + 256 * 1024;

export function registerAssignmentRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;
  const regradeDepsOf = (user: { id: string; username?: string | null; email: string }) => ({ grading: deps.grading, actor: { id: user.id, name: user.username || user.email } });
  const storeDeps = { db, storage: deps.storage };
  // A rubric that exists only on paper is often a scanned PDF: read with the submissions' OCR worker and limits.
  const rubricStoreDeps = { ...storeDeps, scannedPdfReader: deps.ocr };

  router.route(
    {
      method: "post",
      path: "/api/assignments",
      summary: "Create a draft assignment with grading settings seeded from the teacher profile",
      tag: "Assignments",
      access: "session",
      body: createAssignmentInput,
      responses: { 201: { description: "The created draft", schema: assignment }, 404: { description: "teacherId is not the caller", schema: errorBody }, 401: unauthorized },
    },
    async (c, { body }) => {
      const teacherId = requireUser(c).id;
      if (body.teacherId !== teacherId) throw notFound("That teacher");
      return c.json(await createAssignment(db, teacherId), 201);
    },
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/teacher/:teacherId",
      summary: "The teacher's assignments, optionally by status (active, draft, archived)",
      tag: "Assignments",
      access: "session",
      params: z.object({ teacherId: z.string() }),
      query: assignmentListQuery,
      responses: { 200: { description: "Assignments, newest change first", schema: z.array(assignment) }, 404: { description: "teacherId is not the caller", schema: errorBody }, 401: unauthorized },
    },
    async (c, { params, query }) => {
      const teacherId = requireUser(c).id;
      if (params.teacherId !== teacherId) throw notFound("That teacher");
      return c.json(await listAssignments(db, teacherId, query.status));
    },
  );

  router.route(
    {
      method: "get",
      path: "/api/assignments/:id",
      summary: "One assignment with its rubric, samples, settings and calibration preview",
      tag: "Assignments",
      access: "session",
      params: idParams,
      responses: { 200: { description: "The assignment", schema: assignment }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await findAssignment(db, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "put",
      path: "/api/assignments/:id",
      summary: "Validate and save the whole assignment; samples left out of sampleWork are removed (only those in removedSampleIds when given)",
      tag: "Assignments",
      access: "session",
      params: idParams,
      body: updateAssignmentInput,
      responses: {
        200: { description: "The saved assignment; rubricChange says what a change of the rubric's scoring did to the grades given (unreviewed ones regraded, reviewed ones kept)", schema: savedAssignment },
        400: invalid,
        409: { description: "basedOnVersion was given and the assignment was saved since (another tab or window); nothing is saved", schema: errorBody },
        404: missing,
        401: unauthorized,
      },
    },
    async (c, { params, body }) => {
      const user = requireUser(c);
      return c.json(await updateAssignment(db, user.id, params.id, body, deps.spellChecker, regradeDepsOf(user)));
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/assignments/:id/rubric",
      summary: "Upload a rubric document (table, headed sections or list); its criteria replace the assignment's rubric",
      tag: "Assignments",
      access: "session",
      params: idParams,
      bodyType: "multipart",
      body: rubricUploadInput,
      maxBodyBytes: uploadLimit,
      tooLargeMessage: documentMessages.tooLarge(documentLimits.maxBytes),
      responses: {
        200: {
          description: "The new rubric, what the import read and skipped in the document, and the assignment's version after it (a save sends it as basedOnVersion)",
          schema: z.object({ criteria: z.array(criterion), totalPoints: z.number(), import: rubricImportReport, version: z.number(), rubricChange: rubricChange.optional() }),
        },
        ...uploadErrors,
        409: { description: "basedOnVersion was given and the assignment was saved since (another tab or window); the rubric is not replaced", schema: errorBody },
        404: missing,
        401: unauthorized,
      },
    },
    async (c, { params, body }) => {
      const user = requireUser(c);
      const teacherId = user.id;
      const row = await findAssignmentRow(db, teacherId, params.id);
      // Told before the document is read (which may call a model); replaceRubric checks again as it writes.
      if (body.basedOnVersion !== undefined && row.version !== body.basedOnVersion) throw rubricChangedElsewhere(row);
      const file = (body.rubric ?? body.file)!;
      const ai = aiConfigFrom(deps.env);
      const upload = { bytes: new Uint8Array(await file.arrayBuffer()), originalName: file.name, field: body.rubric ? "rubric" : "file" };
      const { updated, report } = await withStoredDocument(rubricStoreDeps, teacherId, upload, async (stored) => {
        const { criteria: parsed, notARubric, ...report } = await readRubricDocument({ logger: c.get("logger"), ...(ai ? { ai } : {}) }, stored.document);
        if (!parsed.length) {
          // A scan read as running text is still a scan: its layout, not the teacher's choice of file, is the problem.
          const message = stored.document.ocr ? assignmentMessages.scannedNoCriteria : notARubric ? assignmentMessages.notARubric : assignmentMessages.noCriteria;
          throw new AppError("unprocessable", message, { rubric: message });
        }
        const stamp = Date.now();
        const criteria = parsed.map((item, index) => ({ id: `criterion-${stamp}-${index + 1}`, name: item.name, maxPoints: item.maxPoints, descriptors: item.descriptors }));
        // Stored only if the wizard could save it again: the same limits as a rubric typed by hand.
        const fits = rubric.safeParse({ criteria });
        if (!fits.success) {
          const problem = fits.error.issues[0]?.message ?? "it is larger than a rubric can be";
          const message = `The rubric in this document cannot be used as it is: ${problem}. Shorten it in the document, or add the criteria by hand.`;
          throw new AppError("unprocessable", message, { rubric: message });
        }
        return { updated: await replaceRubric(db, teacherId, params.id, criteria, deps.spellChecker, regradeDepsOf(user), body.basedOnVersion), report };
      });
      return c.json({ ...updated.rubric, import: report, version: updated.version, ...(updated.rubricChange ? { rubricChange: updated.rubricChange } : {}) });
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/assignments/:id/samples",
      summary: "Upload a graded sample (file, overall score, feedback, criteriaScores as JSON)",
      tag: "Assignments",
      access: "session",
      params: idParams,
      bodyType: "multipart",
      body: sampleUploadInput,
      maxBodyBytes: uploadLimit,
      tooLargeMessage: documentMessages.tooLarge(documentLimits.maxBytes),
      responses: { 201: { description: "The stored sample, with the assignment's version the upload raised", schema: uploadedSample }, 400: invalid, ...uploadErrors, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => {
      const teacherId = requireUser(c).id;
      await findAssignmentRow(db, teacherId, params.id);
      const upload = { bytes: new Uint8Array(await body.sample.arrayBuffer()), originalName: body.sample.name, field: "sample" };
      const created = await withStoredDocument(storeDeps, teacherId, upload, (stored) =>
        addSample(db, teacherId, params.id, { content: stored.document.text, score: body.score, feedback: body.feedback, criteriaScores: body.criteriaScores, fileId: stored.fileId }, deps.spellChecker),
      );
      return c.json(created, 201);
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/assignments/:id/calibration-preview",
      summary: "Grade one sample with the engine calibrated on the other samples only; stored as calibrationPreview",
      tag: "Assignments",
      access: "session",
      params: idParams,
      body: calibrationPreviewInput,
      responses: { 200: { description: "The preview", schema: calibrationPreview }, 400: invalid, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => {
      const ai = aiConfigFrom(deps.env);
      const preview = await generateCalibrationPreview({ db, spellChecker: deps.spellChecker, ...(ai ? { ai } : {}) }, requireUser(c).id, params.id, body);
      return c.json(preview);
    },
  );

  router.route(
    {
      method: "put",
      path: "/api/assignments/:id/auto-accept-override",
      summary: "Let grades be accepted automatically although the calibration disagrees with the samples (override: true), or stop (false)",
      tag: "Assignments",
      access: "session",
      params: idParams,
      body: autoAcceptOverrideInput,
      responses: { 200: { description: "The assignment", schema: assignment }, 400: invalid, 409: { description: "Nothing to override", schema: errorBody }, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => c.json(await setAutoAcceptOverride(db, requireUser(c).id, params.id, body.override)),
  );

  router.route(
    {
      method: "post",
      path: "/api/assignments/:id/discard-if-blank",
      summary: "Delete a draft nothing was ever saved into (the wizard calls it when the teacher leaves); any other assignment is kept",
      tag: "Assignments",
      access: "session",
      params: idParams,
      responses: { 204: { description: "Deleted if it was blank, kept otherwise" }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => {
      // Deleted or kept answer alike: the page is leaving and only needs to know the request was taken.
      if (!isUuid(params.id) || (await discardIfBlank(db, requireUser(c).id, params.id)) === "missing") throw notFound("That assignment");
      return c.body(null, 204);
    },
  );
}
