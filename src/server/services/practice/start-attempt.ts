import type { AttemptStart, StartAttemptInput } from "../../../contracts/practice";
import { secondsLeft } from "../../../core/practice/time-limit";
import type { Db } from "../../db/client";
import { practiceAttemptStarts } from "../../db/schema";
import { AppError } from "../../http/app-error";
import { nameOnClassList } from "./class-list-name";
import { normaliseText } from "./engine";
import { attemptStartOf, nextAttemptNumber, openShared, type SharedOpening } from "./shared-practice";

export type StartOutcome = Exclude<SharedOpening, { kind: "open" }> | { kind: "started"; isNew: boolean; start: AttemptStart };

/**
 * A student opens their next attempt: the first opening starts its clock, and every later one (a reload, a second
 * device) finds that start, so the time limit cannot be reset by opening the link again. Locked as a submission is,
 * so the attempt number counted here is the one the submission will store.
 */
export async function startAttempt(db: Db, token: string, input: StartAttemptInput, options: { refuseNew?: AppError; now?: Date } = {}): Promise<StartOutcome> {
  return db.transaction(async (tx) => {
    const opening = await openShared(tx, token, { forUpdate: true });
    if (opening.kind !== "open") return opening;
    const { row } = opening;
    if (row.kind !== "quiz") throw new AppError("bad_request", "This link opens a flashcard deck: there is no attempt to start.");
    const studentKey = normaliseText(await nameOnClassList(tx, row.assignmentId, input.studentName));
    const attemptNumber = await nextAttemptNumber(tx, row, studentKey);
    const [existing] = await tx.select().from(practiceAttemptStarts).where(attemptStartOf(row.id, studentKey, attemptNumber));
    if (!existing && options.refuseNew) throw options.refuseNew;
    const startedAt = existing?.startedAt ?? (await tx.insert(practiceAttemptStarts).values({ practiceSetId: row.id, studentKey, attemptNumber }).returning())[0]!.startedAt;
    const start = { attemptNumber, startedAt: startedAt.toISOString(), secondsLeft: secondsLeft(startedAt, row.settings.timeLimitMinutes, options.now ?? new Date()) };
    return { kind: "started", isNew: !existing, start };
  });
}
