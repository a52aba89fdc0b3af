import { createHash, randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { UploadOutcome } from "../../../contracts/submissions";
import { studentNameFromFile, submissionMessages } from "../../../contracts/submissions";
import { matchStudent, studentFromFileName } from "../../../core/submissions";
import type { Db } from "../../db/client";
import { rosterStudents, storedFiles, submissionBatches, submissions } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { readZipArchive, ArchiveError } from "../../integrations/archives/read-zip-archive";
import { DocumentError, extractDocument, maxDocumentBytes, sniffDocumentKind } from "../../integrations/documents";
import { isZip } from "../../integrations/documents/zip";
import type { ImageTextReader } from "../../integrations/ocr/image-text-reader";
import type { FileStorage } from "../../integrations/storage/file-storage";
import { findAssignmentRow } from "../assignments";
import { cleanFileName, storedFileRow } from "../stored-files";
import { recordGradeEvent } from "./audit";
import { rosterForMatching } from "./roster";
import type { GradingQueue } from "./grading-queue";

export interface IntakeDeps {
  db: Db;
  storage: FileStorage;
  ocr: ImageTextReader;
  queue: GradingQueue;
}

export interface IncomingFile {
  name: string;
  bytes: Uint8Array;
  /** The teacher's corrections; otherwise the name comes from the file name and the time from the upload. */
  studentName?: string;
  submittedAt?: Date;
}

/** Work read and ready to store: from a file (kept as the original) or pasted. */
interface Candidate {
  fileName: string | null;
  text: string;
  isOcr: boolean;
  studentName: string;
  studentIdentifier?: string;
  submittedAt: Date;
  original?: { bytes: Uint8Array; mimeType: string };
}

const countWords = (text: string) => (text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).length;

/** The same words are the same work, whatever the format or spacing it arrived in. */
export function contentHashOf(text: string): string {
  return createHash("sha256").update(text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim()).digest("hex");
}

/** One student's one piece of work; names compared as the database's unique index does (lower case). */
const workKey = (hash: string, studentName: string) => `${hash}\u0000${studentName.toLowerCase()}`;

/** Office and OpenDocument files are zips too. */
const zipDocumentName = /\.(?:docx|docm|dotx|odt|ott|pptx|xlsx|ods|odp|epub|pages)$/i;

/**
 * Adds uploaded files (documents, scans, photos, or .zip archives of them) as submissions. Each file that cannot be
 * read is reported with the reason and the rest go on; copies of work already in the assignment are reported as
 * duplicates, which also makes a retried upload safe.
 */
export async function addUploadedSubmissions(deps: IntakeDeps, teacherId: string, assignmentId: string, files: IncomingFile[], timeZone: string): Promise<UploadOutcome> {
  await findActiveAssignment(deps.db, teacherId, assignmentId);
  const uploadedAt = new Date();
  const rejected: UploadOutcome["rejected"] = [];
  const candidates: Candidate[] = [];
  for (const file of files) {
    const fileName = cleanFileName(file.name);
    // A zip is an archive of students' files unless it is named as a document: a .docx missing its document.xml is
    // a damaged document, not a folder whose "[Content_Types].xml" and "styles.xml" become two students' work.
    if (isZip(file.bytes) && sniffDocumentKind(file.bytes) === undefined && !zipDocumentName.test(fileName)) {
      try {
        const archive = await readZipArchive(file.bytes, { maxEntryBytes: maxDocumentBytes });
        for (const skipped of archive.skipped) rejected.push({ fileName: `${fileName}/${skipped.name}`, code: "skipped", message: skipped.reason });
        const namedByFolder = foldersNameStudents(archive.files);
        for (const member of archive.files) {
          const student = namedByFolder && member.folder ? studentFromFileName(member.folder) : undefined;
          const details = { ...(student ? { studentName: studentNameFromFile(student.name) } : {}), ...(file.submittedAt ? { submittedAt: file.submittedAt } : {}) };
          await readCandidate(deps, { name: member.name, bytes: member.bytes, ...details }, uploadedAt, candidates, rejected, `${fileName}/${member.folder ? `${member.folder}/` : ""}`);
        }
      } catch (error) {
        if (!(error instanceof ArchiveError)) throw error;
        rejected.push({ fileName, code: error.code, message: error.message });
      }
      continue;
    }
    await readCandidate(deps, file, uploadedAt, candidates, rejected, "");
  }
  const outcome = await storeCandidates(deps, teacherId, assignmentId, candidates, timeZone);
  return { ...outcome, rejected };
}

export async function addPastedSubmission(
  deps: IntakeDeps,
  teacherId: string,
  assignmentId: string,
  pasted: { studentName: string; text: string; submittedAt?: Date; timeZone: string },
): Promise<UploadOutcome> {
  await findActiveAssignment(deps.db, teacherId, assignmentId);
  const candidate: Candidate = { fileName: null, text: pasted.text.replace(/\r\n?/g, "\n").trim(), isOcr: false, studentName: pasted.studentName, submittedAt: pasted.submittedAt ?? new Date() };
  const outcome = await storeCandidates(deps, teacherId, assignmentId, [candidate], pasted.timeZone);
  return { ...outcome, rejected: [] };
}

/**
 * LMS exports put each student's work in a folder named after them (Moodle: "Jane Doe_123_assignsubmission_file_");
 * a zip whose every file sits in a folder of its own is read that way too. A class folder holding all the files
 * names nobody.
 */
export function foldersNameStudents(files: { folder?: string }[]): boolean {
  if (files.some((file) => file.folder && /_assignsubmission_/i.test(file.folder))) return true;
  const folders = new Set(files.map((file) => file.folder));
  return files.length >= 2 && !folders.has(undefined) && folders.size === files.length;
}

async function findActiveAssignment(db: Db, teacherId: string, assignmentId: string) {
  const assignment = await findAssignmentRow(db, teacherId, assignmentId);
  if (assignment.status !== "active") throw new AppError("conflict", submissionMessages.notActive);
  return assignment;
}

async function readCandidate(deps: IntakeDeps, file: IncomingFile, uploadedAt: Date, candidates: Candidate[], rejected: UploadOutcome["rejected"], prefix: string): Promise<void> {
  const fileName = cleanFileName(file.name);
  try {
    const document = await extractDocument(file.bytes, { maxBytes: maxDocumentBytes, imageReader: deps.ocr, fileName });
    const fromName = studentFromFileName(fileName);
    candidates.push({
      fileName: prefix + fileName,
      text: document.text,
      isOcr: document.ocr === true,
      studentName: file.studentName ?? studentNameFromFile(fromName.name),
      ...(!file.studentName && fromName.identifier ? { studentIdentifier: fromName.identifier } : {}),
      submittedAt: file.submittedAt ?? uploadedAt,
      original: { bytes: file.bytes, mimeType: document.mimeType },
    });
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    rejected.push({ fileName: prefix + fileName, code: error.code, message: error.message });
  }
}

/**
 * Stores the new work in one transaction (batch, files' rows, submissions, audit) and only then queues it for
 * grading: a crash in between leaves queued rows that the worker's sweep queues again, never half a batch.
 */
async function storeCandidates(deps: IntakeDeps, teacherId: string, assignmentId: string, candidates: Candidate[], timeZone: string): Promise<Omit<UploadOutcome, "rejected">> {
  const { db } = deps;
  const duplicates: UploadOutcome["duplicates"] = [];
  // Keyed by the work and its student: the same text under two names is a copy for the teacher to judge, not a retry.
  const fresh = new Map<string, Candidate & { hash: string }>();
  for (const candidate of candidates) {
    const hash = contentHashOf(candidate.text);
    const key = workKey(hash, candidate.studentName);
    const earlier = fresh.get(key);
    if (earlier) duplicates.push({ fileName: candidate.fileName, submissionId: null, studentName: earlier.studentName, message: submissionMessages.duplicate(earlier.studentName) });
    else fresh.set(key, { ...candidate, hash });
  }
  if (fresh.size) {
    const existing = await db
      .select({ id: submissions.id, hash: submissions.contentHash, studentName: submissions.studentName })
      .from(submissions)
      .where(and(eq(submissions.assignmentId, assignmentId), inArray(submissions.contentHash, [...new Set([...fresh.values()].map((c) => c.hash))])));
    for (const row of existing) {
      const key = workKey(row.hash, row.studentName);
      const candidate = fresh.get(key);
      if (!candidate) continue;
      duplicates.push({ fileName: candidate.fileName, submissionId: row.id, studentName: row.studentName, message: submissionMessages.duplicate(row.studentName) });
      fresh.delete(key);
    }
  }
  if (!fresh.size) return { created: [], duplicates };

  const roster = await db.select().from(rosterStudents).where(eq(rosterStudents.assignmentId, assignmentId));
  const entries = [...fresh].map(([key, candidate]) => ({ key, hash: candidate.hash, candidate, fileId: candidate.original ? randomUUID() : null }));
  for (const entry of entries) if (entry.fileId) await deps.storage.put(entry.fileId, entry.candidate.original!.bytes);

  let created: { id: string; studentName: string; fileName: string | null; hash: string }[];
  try {
    created = await db.transaction(async (tx) => {
      const [batch] = await tx.insert(submissionBatches).values({ assignmentId, teacherId }).returning();
      const fileRows = entries.filter((entry) => entry.fileId).map((entry) => storedFileRow(entry.fileId!, teacherId, { bytes: entry.candidate.original!.bytes, originalName: entry.candidate.fileName ?? "pasted.txt", mimeType: entry.candidate.original!.mimeType, text: entry.candidate.text }));
      if (fileRows.length) await tx.insert(storedFiles).values(fileRows);
      const rows = await tx
        .insert(submissions)
        .values(
          entries.map(({ hash, candidate, fileId }) => ({
            assignmentId,
            teacherId,
            batchId: batch!.id,
            rosterStudentId: matchStudent(rosterForMatching(roster), { name: candidate.studentName, ...(candidate.studentIdentifier ? { identifier: candidate.studentIdentifier } : {}) }) ?? null,
            studentName: candidate.studentName,
            studentIdentifier: candidate.studentIdentifier ?? null,
            originalName: candidate.fileName,
            fileId,
            contentHash: hash,
            content: candidate.text,
            wordCount: countWords(candidate.text),
            isOcr: candidate.isOcr,
            submittedAt: candidate.submittedAt,
            timeZone,
          })),
        )
        // Another request may have stored the same student's work a moment ago: it is theirs, and this copy a
        // duplicate (the only unique index besides the id is the one on assignment, work and student).
        .onConflictDoNothing()
        .returning({ id: submissions.id, studentName: submissions.studentName, fileName: submissions.originalName, hash: submissions.contentHash, teacherId: submissions.teacherId });
      for (const row of rows) {
        await recordGradeEvent(tx, { submissionId: row.id, teacherId, actor: "engine", kind: "uploaded", note: row.fileName ? `From ${row.fileName}` : "Pasted text" });
      }
      if (!rows.length) await tx.delete(submissionBatches).where(eq(submissionBatches.id, batch!.id));
      return rows;
    });
  } catch (error) {
    await Promise.all(entries.map((entry) => (entry.fileId ? deps.storage.delete(entry.fileId) : undefined)));
    throw error;
  }
  const createdKeys = new Set(created.map((row) => workKey(row.hash, row.studentName)));
  for (const entry of entries) {
    if (createdKeys.has(entry.key)) continue;
    if (entry.fileId) {
      await db.delete(storedFiles).where(eq(storedFiles.id, entry.fileId));
      await deps.storage.delete(entry.fileId);
    }
    duplicates.push({ fileName: entry.candidate.fileName, submissionId: null, studentName: entry.candidate.studentName, message: submissionMessages.duplicate(entry.candidate.studentName) });
  }
  await deps.queue.enqueueGrading(created.map((row) => row.id));
  await deps.queue.enqueueSimilarity(assignmentId);
  return { created: created.map((row) => ({ fileName: row.fileName, submissionId: row.id, studentName: row.studentName })), duplicates };
}
