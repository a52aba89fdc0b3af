import { z } from "zod";
import { errorBody } from "../../contracts/errors";
import {
  classPracticeInput,
  classPracticeResult,
  createPracticeInput,
  practiceExportFormats,
  practiceKinds,
  practiceResults,
  practiceSummary,
  practiceView,
  replaceItemsInput,
  resetAttemptsQuery,
  resetAllAttemptsResult,
  resetAttemptsResult,
  updatePracticeInput,
} from "../../contracts/practice";
import { aiConfigFrom } from "../env";
import type { ApiRouter } from "../http/api-router";
import type { AppDeps } from "../http/context";
import { requireUser } from "../http/require-user";
import { createClassPractice } from "../services/practice/class-practice";
import { createPractice } from "../services/practice/create-practice";
import { deletePractice, findPractice, replacePracticeItems, sharePractice, updatePractice } from "../services/practice/edit-practice";
import { replaceShareLink } from "../services/practice/new-share-link";
import { exportPractice } from "../services/practice/export-practice";
import { listPractice } from "../services/practice/list-practice";
import { resetAllAttempts, resetStudentAttempts } from "../services/practice/reset-attempts";
import { findPracticeResults, practiceResultsCsv } from "../services/practice/results";

const idParams = z.object({ id: z.string() });
const unauthorized = { description: "Not signed in", schema: errorBody };
const missing = { description: "Not found for this teacher (or deleted)", schema: errorBody };
const invalid = { description: "Invalid input; `fields` names each problem", schema: errorBody };
const tag = "Quizzes & Flashcards";

/** The teacher's side of Quizzes & Tests and Flashcards (issue 19); the students' side is practice-shared.ts. */
export function registerPracticeRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;
  const { publicUrl } = deps;
  const ai = aiConfigFrom(deps.env);

  router.route(
    {
      method: "get",
      path: "/api/practice",
      summary: "The teacher's quizzes or flashcard decks, newest first",
      tag,
      access: "session",
      query: z.object({ kind: z.enum(practiceKinds, { error: "kind must be quiz or deck" }) }),
      responses: { 200: { description: "Quizzes or decks", schema: z.array(practiceSummary) }, 400: invalid, 401: unauthorized },
    },
    async (c, { query }) => c.json(await listPractice(db, publicUrl, requireUser(c).id, query.kind)),
  );

  router.route(
    {
      method: "post",
      path: "/api/practice",
      summary: "Make a quiz or deck from pasted text, an uploaded document (its fileId from POST /api/documents) or a topic line (needs an AI service); every item is checked before it is kept",
      tag,
      access: "session",
      body: createPracticeInput,
      responses: {
        201: { description: "The new quiz or deck, for the teacher to review", schema: practiceView },
        400: invalid,
        404: { description: "The document was not found for this teacher", schema: errorBody },
        422: { description: "The source is too short or holds nothing to ask about; the message says how much is needed", schema: errorBody },
        503: { description: "A topic needs an AI service and none is set up (or it did not answer)", schema: errorBody },
        401: unauthorized,
      },
    },
    async (c, { body }) => c.json(await createPractice({ db, publicUrl, ai, spellChecker: deps.spellChecker }, requireUser(c).id, body), 201),
  );

  router.route(
    {
      method: "post",
      path: "/api/practice/from-class",
      summary: "Practice for this class: a quiz and a deck aimed at a graded assignment's two weakest criteria, built from anonymised passages of the class's essays",
      tag,
      access: "session",
      body: classPracticeInput,
      responses: {
        201: { description: "The quiz and the deck", schema: classPracticeResult },
        400: invalid,
        409: { description: "Nothing graded yet", schema: errorBody },
        404: { description: "The assignment was not found for this teacher", schema: errorBody },
        401: unauthorized,
      },
    },
    async (c, { body }) => c.json(await createClassPractice({ db, publicUrl, spellChecker: deps.spellChecker }, requireUser(c).id, body.assignmentId), 201),
  );

  router.route(
    {
      method: "get",
      path: "/api/practice/:id",
      summary: "A quiz or deck with its items (and key), settings and share link",
      tag,
      access: "session",
      params: idParams,
      responses: { 200: { description: "The quiz or deck", schema: practiceView }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await findPractice(db, publicUrl, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "put",
      path: "/api/practice/:id/items",
      summary: "Save the items in the order given (reordered, edited, deleted, added by hand); each is checked, and a problem names its item and field",
      tag,
      access: "session",
      params: idParams,
      body: replaceItemsInput,
      responses: { 200: { description: "Saved", schema: practiceView }, 400: invalid, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => c.json(await replacePracticeItems(db, publicUrl, requireUser(c).id, params.id, body.items)),
  );

  router.route(
    {
      method: "patch",
      path: "/api/practice/:id",
      summary: "Change the title, the quiz settings (time limit, attempts, key after submission), or open and close it",
      tag,
      access: "session",
      params: idParams,
      body: updatePracticeInput,
      responses: { 200: { description: "Saved", schema: practiceView }, 400: invalid, 404: missing, 401: unauthorized },
    },
    async (c, { params, body }) => c.json(await updatePractice(db, publicUrl, requireUser(c).id, params.id, body)),
  );

  router.route(
    {
      method: "post",
      path: "/api/practice/:id/share",
      summary: "The class's share link (made once and kept, so it can be copied again); sharing opens a closed quiz",
      tag,
      access: "session",
      params: idParams,
      responses: { 200: { description: "With its shareUrl", schema: practiceView }, 409: { description: "No items yet", schema: errorBody }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await sharePractice(db, publicUrl, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "post",
      path: "/api/practice/:id/share/new-link",
      summary: "Replace the class's link with a new one (a link that got out of the class): the old one says \"This link is no longer active\" at once; attempts so far are kept",
      tag,
      access: "session",
      params: idParams,
      responses: { 200: { description: "With its new shareUrl", schema: practiceView }, 409: { description: "Not shared yet", schema: errorBody }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await replaceShareLink(db, publicUrl, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "delete",
      path: "/api/practice/:id",
      summary: "Delete a quiz or deck: it leaves the lists and its link answers \"This link is no longer active\"",
      tag,
      access: "session",
      params: idParams,
      responses: { 204: { description: "Deleted" }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => {
      await deletePractice(db, requireUser(c).id, params.id);
      return c.body(null, 204);
    },
  );

  router.route(
    {
      method: "get",
      path: "/api/practice/:id/results",
      summary: "A quiz's results: every attempt, and per item the percent correct and the most chosen wrong answer",
      tag,
      access: "session",
      params: idParams,
      responses: { 200: { description: "Results", schema: practiceResults }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => c.json(await findPracticeResults(db, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "delete",
      path: "/api/practice/:id/attempts",
      summary: "Give a student their attempts back: every attempt under their name (as the results show it) is deleted with its answers and score, and they can take the quiz again",
      tag,
      access: "session",
      params: idParams,
      query: resetAttemptsQuery,
      responses: {
        200: { description: "The student's name and how many attempts were deleted", schema: resetAttemptsResult },
        400: invalid,
        404: { description: "Not found for this teacher (or deleted), a deck, or no attempts under that name", schema: errorBody },
        401: unauthorized,
      },
    },
    async (c, { params, query }) => c.json(await resetStudentAttempts(db, requireUser(c).id, params.id, query.studentName)),
  );

  router.route(
    {
      method: "delete",
      path: "/api/practice/:id/attempts/all",
      summary: "Give every student their attempts back (a link that got out of the class filled the results): every attempt is deleted with its answers and score",
      tag,
      access: "session",
      params: idParams,
      responses: {
        200: { description: "How many attempts were deleted (none is no error)", schema: resetAllAttemptsResult },
        404: { description: "Not found for this teacher (or deleted), or a deck", schema: errorBody },
        401: unauthorized,
      },
    },
    async (c, { params }) => c.json(await resetAllAttempts(db, requireUser(c).id, params.id)),
  );

  router.route(
    {
      method: "get",
      path: "/api/practice/:id/results.csv",
      summary: "A quiz's results as CSV: one row per attempt with each question's answer and whether it was right",
      tag,
      access: "session",
      params: idParams,
      responses: { 200: { description: "text/csv" }, 404: missing, 401: unauthorized },
    },
    async (c, { params }) => {
      const { title, csv } = await practiceResultsCsv(db, requireUser(c).id, params.id);
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(`${title} results.csv`)}`);
      c.header("Cache-Control", "private, no-store");
      // A byte-order mark lets spreadsheet programs read accented names as UTF-8.
      return c.body(`\uFEFF${csv}`);
    },
  );

  router.route(
    {
      method: "get",
      path: "/api/practice/:id/export",
      summary: "Export: a quiz as QTI 1.2 (zip, for Canvas and Moodle), Moodle XML or a printable paper with its key; a deck as CSV or TSV for Anki and Quizlet",
      tag,
      access: "session",
      params: idParams,
      query: z.object({ format: z.enum(practiceExportFormats, { error: `format must be one of: ${practiceExportFormats.join(", ")}` }) }),
      responses: { 200: { description: "The file" }, 400: invalid, 409: { description: "No items yet", schema: errorBody }, 404: missing, 401: unauthorized },
    },
    async (c, { params, query }) => {
      const file = await exportPractice(db, requireUser(c).id, params.id, query.format);
      c.header("Content-Type", file.contentType);
      c.header("Content-Disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      c.header("Cache-Control", "private, no-store");
      return c.body(typeof file.body === "string" ? file.body : new Uint8Array(file.body));
    },
  );
}
