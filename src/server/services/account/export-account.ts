import { asc, eq, getTableColumns, inArray } from "drizzle-orm";
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from "fflate";
import type { Db } from "../../db/client";
import {
  assignmentSamples,
  assignments,
  chatMessages,
  feedbackLinks,
  gradeEvents,
  notifications,
  practiceAttempts,
  practiceSets,
  profiles,
  rosterStudents,
  rubrics,
  sampleStudentWork,
  similarityMatches,
  storedFiles,
  submissions,
  teacherProfiles,
  users,
} from "../../db/schema";
import { notFound } from "../../http/app-error";
import type { FileStorage } from "../../integrations/storage/file-storage";
import { findAvatar } from "../profiles";
import { cleanFileName } from "../stored-files";
import { learningPlatformsOf } from "./export-platforms";

export interface ExportDeps {
  db: Db;
  storage: FileStorage;
}

const readme = `Your Markwise data

account.json           your account (no password or two-factor secrets: those are only ever stored hashed or encrypted)
teacher-profile.json   how you grade: your profile, rubrics and calibration samples
assignments/           one folder per assignment: the assignment, its roster, every submission with its grade,
                       feedback, your reviews and the grade history, similarity matches, and the feedback
                       returned to students (when each link was made, e-mailed, opened; never the links), and
                       where it is connected to Google Classroom or an LTI platform, with the grades sent there
practice.json          your quizzes and flashcard decks with their items and settings, and your students'
                       quiz attempts (never the share links)
chat.json              your conversations with the assistant
notifications.json     your notifications
files/                 the original files you uploaded, under their own names
avatar.*               your profile photo, if you added one

Dates are in UTC (ISO 8601). Scores are points; a criterion's key is the rubric criterion's id.
`;

/**
 * The teacher's data as a zip of JSON and their original files, produced as it is read: one file at a time is in
 * memory, and nothing more is read until the client has taken what came before (the stream's back-pressure).
 */
export async function exportAccount(deps: ExportDeps, userId: string): Promise<ReadableStream<Uint8Array>> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("That account");
  const chunks = zipChunks(deps, userId, user);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

async function* zipChunks(deps: ExportDeps, userId: string, user: typeof users.$inferSelect): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failure = error;
    else ready.push(data);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (ready.length > 0) yield ready.shift()!;
  };
  const addJson = (name: string, value: unknown) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(strToU8(`${JSON.stringify(value, null, 2)}\n`), true);
  };
  const addBytes = (name: string, bytes: Uint8Array) => {
    // Originals are mostly compressed already (PDF, .docx, images): stored as they are.
    const entry = new ZipPassThrough(name);
    zip.add(entry);
    entry.push(bytes, true);
  };
  const { db } = deps;
  const byTeacher = <T extends { teacherId: unknown }>(table: T) => eq(table.teacherId as never, userId);

  addBytes("README.txt", strToU8(readme));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  addJson("account.json", {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    username: user.username,
    name: user.name,
    bio: profile?.bio ?? null,
    twoFactorEnabled: user.twoFactorEnabled === true,
    createdAt: user.createdAt,
  });
  const [teacherProfile] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.id, userId));
  addJson("teacher-profile.json", {
    profile: teacherProfile ?? null,
    rubrics: await db.select().from(rubrics).where(byTeacher(rubrics)),
    samples: await db.select().from(sampleStudentWork).where(byTeacher(sampleStudentWork)),
  });
  yield* drain();

  const assignmentRows = await db.select().from(assignments).where(byTeacher(assignments)).orderBy(asc(assignments.createdAt));
  for (const [index, assignment] of assignmentRows.entries()) {
    const folder = `assignments/${String(index + 1).padStart(3, "0")}-${folderName(assignment.title)}`;
    const onAssignment = <T extends { assignmentId: unknown }>(table: T) => eq(table.assignmentId as never, assignment.id);
    addJson(`${folder}/assignment.json`, { ...assignment, samples: await db.select().from(assignmentSamples).where(onAssignment(assignmentSamples)) });
    addJson(`${folder}/roster.json`, await db.select().from(rosterStudents).where(onAssignment(rosterStudents)).orderBy(asc(rosterStudents.position)));
    const submissionRows = await db.select().from(submissions).where(onAssignment(submissions)).orderBy(asc(submissions.createdAt));
    const events = await db
      .select({ event: gradeEvents })
      .from(gradeEvents)
      .innerJoin(submissions, eq(gradeEvents.submissionId, submissions.id))
      .where(eq(submissions.assignmentId, assignment.id))
      .orderBy(asc(gradeEvents.createdAt));
    const historyOf = new Map<string, (typeof events)[number]["event"][]>();
    for (const { event } of events) historyOf.set(event.submissionId, [...(historyOf.get(event.submissionId) ?? []), event]);
    addJson(`${folder}/submissions.json`, submissionRows.map((submission) => ({ ...submission, gradeHistory: historyOf.get(submission.id) ?? [] })));
    addJson(`${folder}/similarity-matches.json`, await db.select().from(similarityMatches).where(onAssignment(similarityMatches)));
    // A token's hash is not the teacher's data and would only help someone guess it.
    const { tokenHash: _tokenHash, ...returnedColumns } = getTableColumns(feedbackLinks);
    addJson(`${folder}/returned-feedback.json`, await db.select(returnedColumns).from(feedbackLinks).where(onAssignment(feedbackLinks)).orderBy(asc(feedbackLinks.createdAt)));
    const platforms = await learningPlatformsOf(db, assignment.id);
    if (platforms) addJson(`${folder}/learning-platforms.json`, platforms);
    yield* drain();
  }

  addJson("practice.json", await practiceOf(db, userId));
  addJson("chat.json", await db.select().from(chatMessages).where(byTeacher(chatMessages)).orderBy(asc(chatMessages.createdAt)));
  addJson("notifications.json", await db.select().from(notifications).where(byTeacher(notifications)).orderBy(asc(notifications.createdAt)));
  yield* drain();

  const fileRows = await db.select().from(storedFiles).where(byTeacher(storedFiles)).orderBy(asc(storedFiles.createdAt));
  for (const file of fileRows) {
    const bytes = await deps.storage.get(file.storageKey).catch(() => null);
    // A file the storage lost is named rather than failing the whole export.
    if (bytes) addBytes(`files/${file.id}/${portableFileName(file.originalName)}`, new Uint8Array(bytes));
    else addBytes(`files/${file.id}/MISSING.txt`, strToU8(`The original of "${file.originalName}" could not be read from storage.\n`));
    yield* drain();
  }

  const avatar = await findAvatar(db, userId);
  if (avatar) addBytes(`avatar.${avatar.mimeType.split("/")[1] ?? "img"}`, new Uint8Array(avatar.bytes));
  zip.end();
  yield* drain();
}

/**
 * A stored file's name as every system can unpack it: Windows refuses < > : " | ? * and a name ending in a dot or a
 * space, and a school's IT person is likely to open the export there. The stored name itself is kept as uploaded.
 */
export function portableFileName(name: string): string {
  const portable = cleanFileName(name).replace(/[<>:"|?*]/g, "_").replace(/[. ]+$/, "");
  return portable || "document";
}

/** A folder name from a title: letters, digits and dashes only, so every unzip tool accepts it. */
function folderName(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s_]+/g, "-")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "untitled";
}

/** Quizzes and decks, each with its students' attempts; a share token opens the quiz, so like a hash it stays out. */
async function practiceOf(db: Db, userId: string) {
  const { shareToken: _shareToken, ...setColumns } = getTableColumns(practiceSets);
  const sets = await db.select(setColumns).from(practiceSets).where(eq(practiceSets.teacherId, userId)).orderBy(asc(practiceSets.createdAt));
  const attempts = sets.length
    ? await db.select().from(practiceAttempts).where(inArray(practiceAttempts.practiceSetId, sets.map((set) => set.id))).orderBy(asc(practiceAttempts.submittedAt))
    : [];
  return sets.map((set) => ({ ...set, attempts: attempts.filter((attempt) => attempt.practiceSetId === set.id) }));
}
