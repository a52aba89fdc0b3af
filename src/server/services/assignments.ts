import { isUuid } from "../http/validation";
import { and, asc, desc, eq, getTableColumns, inArray, notInArray, sql } from "drizzle-orm";
import type { Assignment, AssignmentStatus, CalibrationPreview, GradingSettings, SavedAssignment, UpdateAssignmentInput, UploadedSample } from "../../contracts/assignments";
import { assignmentMessages, sampleScoreProblems, updateAssignmentInput } from "../../contracts/assignments";
import { defaultAssignmentSettings } from "../../contracts/assignments";
import type { TeacherProfile } from "../../contracts/teacher-profile";
import { summarizeCalibrationFit, type SpellChecker } from "../../core/grading";
import { listInProse } from "../../core/assistant/text";
import type { z } from "zod";
import type { Db } from "../db/client";
import { assignmentSamples, assignments, storedFiles } from "../db/schema";
import { preparedQuery } from "../db/prepared";
import { jsonRowShape } from "../db/json-rows";
import { AppError, notFound } from "../http/app-error";
import { findTeacherProfile, type Queryable } from "./teacher-profiles";
import { toGradingInput } from "./grading-input";
import { calibrationWarningOf } from "./calibration-warning";
import { clearStaleBlankDrafts, isNotBlankDraft } from "./blank-drafts";
import type { Actor } from "./submissions/audit";
import type { GradingQueue } from "./submissions/grading-queue";
import { isScoringChanged, regradeForNewRubric } from "./submissions/rubric-regrade";

type AssignmentRow = typeof assignments.$inferSelect;
type SampleRow = typeof assignmentSamples.$inferSelect;

/** Grading settings for a new assignment: the teacher's profile where it says something, the spec's defaults elsewhere. */
export async function seedGradingSettings(db: Queryable, teacherId: string): Promise<GradingSettings> {
  const profile = await findTeacherProfile(db, teacherId);
  return settingsFromProfile(profile);
}

export function settingsFromProfile(profile: Partial<TeacherProfile> | null): GradingSettings {
  const defaults = defaultAssignmentSettings;
  return {
    ...defaults,
    tone: profile?.tone ?? defaults.tone,
    strictness: profile?.strictness ?? defaults.strictness,
    feedbackLength: profile?.feedbackLength ?? defaults.feedbackLength,
    grammarVsContent: profile?.grammarVsContent ?? defaults.grammarVsContent,
    holisticVsPoints: profile?.gradingApproach ?? defaults.holisticVsPoints,
    strengthsFirst: profile?.strengthsFirst ?? defaults.strengthsFirst,
    autoAcceptThreshold: profile?.autoAcceptThreshold ?? defaults.autoAcceptThreshold,
    latePolicyType: profile?.latePolicy?.type ?? defaults.latePolicyType,
    latePenalty: profile?.latePolicy?.penaltyPerDay ?? defaults.latePenalty,
    maxLateDays: profile?.latePolicy?.maxLateDays ?? defaults.maxLateDays,
  };
}

export async function createAssignment(db: Db, teacherId: string): Promise<Assignment> {
  await clearStaleBlankDrafts(db, teacherId);
  const gradingSettings = await seedGradingSettings(db, teacherId);
  const [row] = await db.insert(assignments).values({ teacherId, gradingSettings }).returning();
  return toAssignment(row!, [], new Map());
}

/** The assignment's columns as one JSON value (json-rows.ts): read on most of the assignment's routes. */
const assignmentShape = jsonRowShape(getTableColumns(assignments));

/** The teacher's own assignment row; anything else (another teacher's, a malformed id) is simply not found. */
const assignmentRowQuery = preparedQuery((db) =>
  db
    .select({ assignment: assignmentShape.values() })
    .from(assignments)
    .where(and(eq(assignments.id, sql.placeholder("id")), eq(assignments.teacherId, sql.placeholder("teacherId"))))
    .prepare("find_assignment_row"),
);

export async function findAssignmentRow(db: Queryable, teacherId: string, id: string): Promise<AssignmentRow> {
  if (!isUuid(id)) throw notFound("That assignment");
  const [found] = await assignmentRowQuery(db).execute({ id, teacherId });
  if (!found) throw notFound("That assignment");
  return assignmentShape.read(found.assignment);
}

const sampleEntries = { ...getTableColumns(assignmentSamples), fileName: storedFiles.originalName };
/** A sample with its file's name, null without a file (an outer join). */
const sampleShape = jsonRowShape<typeof sampleEntries, SampleRow & { fileName: string | null }>(sampleEntries);

/**
 * One assignment with its samples and their files' names in one prepared statement: the page's hottest read, so it
 * is planned once per connection rather than built and sent as three queries on every request. Each comes as a JSON
 * array (json-rows.ts); the samples' subquery is a nested fragment, so Drizzle keeps its columns qualified.
 */
const assignmentWithSamplesQuery = preparedQuery((db) =>
  db
    .select({
      assignment: assignmentShape.values(),
      samples: sql<unknown[][]>`(${sql`
        select coalesce(json_agg(${sampleShape.values()} order by ${assignmentSamples.position}, ${assignmentSamples.createdAt}), '[]'::json)
        from ${assignmentSamples} left join ${storedFiles} on ${storedFiles.id} = ${assignmentSamples.fileId}
        where ${assignmentSamples.assignmentId} = ${sql.placeholder("id")}`})`,
    })
    .from(assignments)
    .where(and(eq(assignments.id, sql.placeholder("id")), eq(assignments.teacherId, sql.placeholder("teacherId"))))
    .prepare("find_assignment_with_samples"),
);

export async function findAssignment(db: Queryable, teacherId: string, id: string): Promise<Assignment> {
  if (!isUuid(id)) throw notFound("That assignment");
  const [found] = await assignmentWithSamplesQuery(db).execute({ id, teacherId });
  if (!found) throw notFound("That assignment");
  const samples = found.samples.map(sampleShape.read);
  const fileNames = new Map(samples.flatMap((sample) => (sample.fileId && sample.fileName ? [[sample.fileId, sample.fileName] as const] : [])));
  return toAssignment(assignmentShape.read(found.assignment), samples, fileNames);
}

export async function listAssignments(db: Queryable, teacherId: string, status?: AssignmentStatus): Promise<Assignment[]> {
  const rows = await db
    .select()
    .from(assignments)
    .where(and(eq(assignments.teacherId, teacherId), status ? eq(assignments.status, status) : undefined, isNotBlankDraft(db)))
    .orderBy(desc(assignments.updatedAt));
  return attachSamples(db, rows);
}

/** Who saved, and the queue that regrades what a change of the rubric's scoring leaves on the old scale. */
export type RegradeDeps = { grading: GradingQueue; actor: Actor };

/**
 * Saves the whole object; the samples it removes are `removeSamples`'s (the wizard's remove button). A change of the
 * rubric's scoring regrades the grader's grades (regradeForNewRubric), queued once the save commits.
 */
export async function updateAssignment(db: Db, teacherId: string, id: string, input: z.output<typeof updateAssignmentInput>, spellChecker: SpellChecker, regrade: RegradeDeps): Promise<SavedAssignment> {
  const { saved, queue } = await db.transaction(async (tx) => {
    const before = await findAssignmentRow(tx, teacherId, id);
    if (input.status === "active" && !input.title) {
      throw new AppError("validation_failed", "Give the assignment a title before activating it.", { title: assignmentMessages.titleMissing });
    }
    const criteria = input.rubric?.criteria ?? before.criteria;
    checkCriteriaIds(criteria);
    const settings = settingsToSave(before, input);
    const isOwn = and(eq(assignments.id, id), eq(assignments.teacherId, teacherId));
    // Conditional on the version the client read, in the update itself rather than a read before it: of two saves
    // based on one version, the second waits for the first's row lock and then matches no row, so it cannot undo
    // the first unseen (the grading claims in submissions/grading.ts rely on the same behaviour).
    const [saved] = await tx
      .update(assignments)
      .set({
        title: input.title,
        type: input.type,
        ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
        ...(input.prompt !== undefined ? { prompt: input.prompt } : {}),
        criteria,
        status: input.status,
        autogradingEnabled: input.autogradingEnabled,
        gradingSettings: settings,
        version: sql`${assignments.version} + 1`,
        updatedAt: new Date(),
      })
      .where(input.basedOnVersion === undefined ? isOwn : and(isOwn, eq(assignments.version, input.basedOnVersion)))
      .returning({ id: assignments.id });
    if (!saved) throw changedElsewhere(await findAssignmentRow(tx, teacherId, id), await sampleIdsOf(tx, id), input, settings);
    await removeSamples(tx, id, input);
    await refreshCalibrationFit(tx, id, spellChecker);
    const regraded = isScoringChanged(before.criteria, criteria) ? await regradeForNewRubric(tx, before, before.criteria, criteria, regrade.actor) : null;
    const assignment = await findAssignment(tx, teacherId, id);
    return { saved: regraded ? { ...assignment, rubricChange: regraded.change } : assignment, queue: regraded?.queue ?? [] };
  });
  await regrade.grading.enqueueGrading(queue);
  return saved;
}

async function sampleIdsOf(db: Queryable, assignmentId: string): Promise<string[]> {
  const rows = await db.select({ id: assignmentSamples.id }).from(assignmentSamples).where(eq(assignmentSamples.assignmentId, assignmentId));
  return rows.map((row) => row.id);
}

/**
 * The settings a save writes: each one it leaves out keeps its stored value. The defaults only fill a setting that a
 * row stored before that setting existed lacks.
 */
function settingsToSave(stored: AssignmentRow, input: z.output<typeof updateAssignmentInput>): GradingSettings {
  return { ...defaultAssignmentSettings, ...stored.gradingSettings, ...input.gradingSettings };
}

/** Names of what differs that take a plural verb ("the samples saved there differ"). */
const pluralNames = new Set(["samples", "grading settings"]);

/** What a save refused as based on an older version would have replaced: named, so the teacher knows what to compare. */
function changedElsewhere(stored: AssignmentRow, storedSampleIds: string[], input: z.output<typeof updateAssignmentInput>, settings: GradingSettings): AppError {
  // A sample counts as changed there when this copy neither lists it nor removed it on purpose.
  const known = new Set([...(input.sampleWork?.map((sample) => sample.id) ?? []), ...(input.removedSampleIds ?? [])]);
  const same = (a: unknown, b: unknown) => JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));
  const differing = [
    stored.title !== input.title && "title",
    stored.type !== input.type && "type",
    input.dueDate !== undefined && (stored.dueDate ?? null) !== input.dueDate && "due date",
    input.prompt !== undefined && stored.prompt !== input.prompt && "prompt",
    input.rubric !== undefined && !same(stored.criteria, input.rubric.criteria) && "rubric",
    stored.status !== input.status && "status",
    !same(stored.gradingSettings, settings) && "grading settings",
    input.sampleWork !== undefined && storedSampleIds.some((sampleId) => !known.has(sampleId)) && "samples",
  ].filter((name): name is string => Boolean(name));
  const what = differing.length ? `the ${listInProse(differing)} saved there ${differing.length === 1 && !pluralNames.has(differing[0]!) ? "differs" : "differ"} from yours` : "it was saved there with the same details as yours";
  return new AppError(
    "conflict",
    `This assignment was changed in another tab or window after you opened it: ${what}. Your changes are not saved yet: save again to replace that version with yours, or load the saved version to keep it.`,
    { basedOnVersion: "The assignment has changed since this version" },
  );
}

/**
 * An upload sends no fields to compare, only the version it was based on: the answer names the rubric it would have
 * replaced, which is what the upload is about (the wizard shows the rest of what differs).
 */
export function rubricChangedElsewhere(stored: AssignmentRow): AppError {
  const names = stored.criteria.map((item) => `${item.name} (${item.maxPoints})`);
  const rubricThere = names.length ? `its rubric there is now ${listInProse(names)}` : "its rubric there now has no criteria";
  return new AppError(
    "conflict",
    `This assignment was changed in another tab or window after you opened it: ${rubricThere}. The rubric from your document is not saved yet: upload it again to replace that version's rubric, or load the saved version to keep it.`,
    { basedOnVersion: "The assignment has changed since this version" },
  );
}

/** jsonb keeps an object's keys in its own order: compared with what a client sent, the order must not count. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([key, item]) => [key, sortedKeys(item)]));
}

/**
 * The samples a save removes: those the client says it removed, or, from a client that does not say (the spec's
 * whole object), every one missing from `sampleWork`. A sample still listed in `sampleWork` is never removed.
 */
async function removeSamples(tx: Queryable, id: string, input: z.output<typeof updateAssignmentInput>): Promise<void> {
  const keep = new Set(input.sampleWork?.map((sample) => sample.id));
  const inThisAssignment = eq(assignmentSamples.assignmentId, id);
  if (input.removedSampleIds) {
    const removed = input.removedSampleIds.filter((sampleId) => isUuid(sampleId) && !keep.has(sampleId));
    if (removed.length) await tx.delete(assignmentSamples).where(and(inThisAssignment, inArray(assignmentSamples.id, removed)));
    return;
  }
  if (!input.sampleWork) return;
  const kept = [...keep].filter((sampleId) => isUuid(sampleId));
  await tx.delete(assignmentSamples).where(kept.length ? and(inThisAssignment, notInArray(assignmentSamples.id, kept)) : inThisAssignment);
}

export async function replaceRubric(
  db: Db,
  teacherId: string,
  id: string,
  criteria: Assignment["rubric"]["criteria"],
  spellChecker: SpellChecker,
  regrade: RegradeDeps,
  basedOnVersion?: number,
): Promise<SavedAssignment> {
  const { saved, queue } = await db.transaction(async (tx) => {
    const before = await findAssignmentRow(tx, teacherId, id);
    // Conditional in the update itself, as in updateAssignment: of an upload and a save based on one version, the
    // later one matches no row and is told, instead of replacing criteria the other tab just saved.
    const isThis = eq(assignments.id, id);
    const [updated] = await tx
      .update(assignments)
      .set({ criteria, version: sql`${assignments.version} + 1`, updatedAt: new Date() })
      .where(basedOnVersion === undefined ? isThis : and(isThis, eq(assignments.version, basedOnVersion)))
      .returning({ id: assignments.id });
    if (!updated) throw rubricChangedElsewhere(await findAssignmentRow(tx, teacherId, id));
    await refreshCalibrationFit(tx, id, spellChecker);
    const regraded = isScoringChanged(before.criteria, criteria) ? await regradeForNewRubric(tx, before, before.criteria, criteria, regrade.actor) : null;
    const assignment = await findAssignment(tx, teacherId, id);
    return { saved: regraded ? { ...assignment, rubricChange: regraded.change } : assignment, queue: regraded?.queue ?? [] };
  });
  await regrade.grading.enqueueGrading(queue);
  return saved;
}

export async function addSample(
  db: Db,
  teacherId: string,
  id: string,
  sample: { content: string; score: number; feedback: string; criteriaScores: Record<string, number>; fileId: string | null },
  spellChecker: SpellChecker,
): Promise<UploadedSample> {
  return db.transaction(async (tx) => {
    const row = await findAssignmentRow(tx, teacherId, id);
    checkSampleScores(row.criteria, sample.score, sample.criteriaScores);
    // A new sample raises the version: a whole object read before it, saved with that older version, answers 409
    // instead of deleting the sample it never listed (it is missing from its sampleWork).
    const [raised] = await tx.update(assignments).set({ version: sql`${assignments.version} + 1`, updatedAt: new Date() }).where(eq(assignments.id, id)).returning({ version: assignments.version });
    const existing = await sampleIdsOf(tx, id);
    const [created] = await tx
      .insert(assignmentSamples)
      .values({ assignmentId: id, teacherId, ...sample, position: existing.length })
      .returning();
    await refreshCalibrationFit(tx, id, spellChecker);
    const [file] = sample.fileId ? await tx.select({ id: storedFiles.id, name: storedFiles.originalName }).from(storedFiles).where(eq(storedFiles.id, sample.fileId)) : [];
    return { ...toSampleWork(created!, file ? new Map([[file.id, file.name]]) : new Map()), assignmentVersion: raised!.version };
  });
}

export async function saveCalibrationPreview(db: Queryable, teacherId: string, id: string, preview: CalibrationPreview): Promise<Assignment> {
  await db.update(assignments).set({ calibrationPreview: preview, updatedAt: new Date() }).where(and(eq(assignments.id, id), eq(assignments.teacherId, teacherId)));
  return findAssignment(db, teacherId, id);
}

/** Scores must fit the rubric (`sampleScoreProblems`). */
export function checkSampleScores(criteria: AssignmentRow["criteria"], score: number, criteriaScores: Record<string, number>): void {
  const fields = sampleScoreProblems(criteria, score, criteriaScores);
  if (Object.keys(fields).length) throw new AppError("validation_failed", "The sample's scores do not fit the rubric.", fields);
}

function checkCriteriaIds(criteria: AssignmentRow["criteria"]): void {
  const seen = new Set<string>();
  for (const item of criteria) {
    if (seen.has(item.id)) throw new AppError("validation_failed", `Two criteria share the id ${item.id}; each needs its own.`, { "rubric.criteria": "Criterion ids must be unique" });
    seen.add(item.id);
  }
}

/** Stores how well the engine reproduces the assignment's own samples (leave-one-out from two samples on). */
async function refreshCalibrationFit(tx: Queryable, id: string, spellChecker: SpellChecker): Promise<void> {
  const [row] = await tx.select().from(assignments).where(eq(assignments.id, id));
  const samples = await tx.select().from(assignmentSamples).where(eq(assignmentSamples.assignmentId, id)).orderBy(asc(assignmentSamples.position));
  const fit = samples.length
    ? summarizeCalibrationFit(
        toGradingInput(row!, samples.map((sample) => ({ id: sample.id, text: sample.content, score: sample.score, criteriaScores: sample.criteriaScores, feedback: sample.feedback }))),
        { spellChecker },
      )
    : null;
  // A new fit is a new question: an override given for the old samples does not carry over.
  await tx.update(assignments).set({ calibrationFit: fit, autoAcceptOverrideAt: null }).where(eq(assignments.id, id));
}

/** The teacher lets grades be accepted automatically although the calibration disagrees with their samples. */
export async function setAutoAcceptOverride(db: Queryable, teacherId: string, id: string, override: boolean): Promise<Assignment> {
  const row = await findAssignmentRow(db, teacherId, id);
  if (override && !calibrationWarningOf(row)) throw new AppError("conflict", "The calibration agrees with your samples, so there is nothing to override.");
  await db.update(assignments).set({ autoAcceptOverrideAt: override ? new Date() : null }).where(eq(assignments.id, row.id));
  return findAssignment(db, teacherId, id);
}

async function attachSamples(db: Queryable, rows: AssignmentRow[]): Promise<Assignment[]> {
  if (!rows.length) return [];
  const samples = await db
    .select()
    .from(assignmentSamples)
    .where(inArray(assignmentSamples.assignmentId, rows.map((row) => row.id)))
    .orderBy(asc(assignmentSamples.position), asc(assignmentSamples.createdAt));
  const fileIds = samples.map((sample) => sample.fileId).filter((fileId): fileId is string => Boolean(fileId));
  const files = fileIds.length ? await db.select({ id: storedFiles.id, name: storedFiles.originalName }).from(storedFiles).where(inArray(storedFiles.id, fileIds)) : [];
  const fileNames = new Map(files.map((file) => [file.id, file.name]));
  return rows.map((row) => toAssignment(row, samples.filter((sample) => sample.assignmentId === row.id), fileNames));
}

function toSampleWork(sample: SampleRow, fileNames: Map<string, string>): Assignment["sampleWork"][number] {
  return {
    id: sample.id,
    content: sample.content,
    score: sample.score,
    feedback: sample.feedback,
    criteriaScores: sample.criteriaScores,
    file: sample.fileId ? { id: sample.fileId, name: fileNames.get(sample.fileId) ?? "document" } : null,
  };
}

function toAssignment(row: AssignmentRow, samples: SampleRow[], fileNames: Map<string, string>): Assignment {
  return {
    id: row.id,
    teacherId: row.teacherId,
    title: row.title,
    type: row.type as Assignment["type"],
    dueDate: row.dueDate,
    prompt: row.prompt,
    rubric: { criteria: row.criteria, totalPoints: row.criteria.reduce((total, item) => total + item.maxPoints, 0) },
    sampleWork: samples.map((sample) => toSampleWork(sample, fileNames)),
    status: row.status as AssignmentStatus,
    autogradingEnabled: row.autogradingEnabled,
    gradingSettings: row.gradingSettings,
    // A preview stored before the text checks were shown here has no concerns. A preview of a sample since removed
    // has no original feedback or scores left to show beside it: it is not shown.
    calibrationPreview:
      row.calibrationPreview && samples.some((sample) => sample.id === row.calibrationPreview!.sampleId) ? { ...row.calibrationPreview, concerns: row.calibrationPreview.concerns ?? [] } : null,
    calibrationFit: row.calibrationFit ?? null,
    calibrationWarning: calibrationWarningOf(row),
    autoAcceptOverriddenAt: row.autoAcceptOverrideAt?.toISOString() ?? null,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type { UpdateAssignmentInput };
