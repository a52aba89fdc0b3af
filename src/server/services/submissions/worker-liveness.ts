import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobWorkers, submissions } from "../../db/schema";
import { recordGradeEvent } from "./audit";

/**
 * How a grading process shows it is alive. Five seconds between beats and twenty before a silent process counts as
 * dead: a busy event loop or a slow database never misses four beats, and a killed process's work is back in the
 * queue well within a minute (the reaper looks every ten seconds).
 */
export const liveness = { beatEverySeconds: 5, deadAfterSeconds: 20, reapEverySeconds: 10 } as const;

/** A submission that was being graded each time its process died this often is failed rather than tried again. */
export const maxClaimsBeforeFailing = 4;

export async function registerWorker(db: Db, workerId: string): Promise<void> {
  await db.insert(jobWorkers).values({ id: workerId }).onConflictDoNothing();
}

/** The beat also brings back a row another process reaped while this one was stalled (it is not dead, only slow). */
export async function beat(db: Db, workerId: string): Promise<void> {
  await db.insert(jobWorkers).values({ id: workerId }).onConflictDoUpdate({ target: jobWorkers.id, set: { heartbeatAt: sql`now()` } });
}

/** Written before a fetched batch is worked on, so a death mid-batch leaves the list of what to hand back. */
export async function holdJobs(db: Db, workerId: string, queue: string, jobIds: string[]): Promise<void> {
  await db
    .update(jobWorkers)
    .set({ heldJobs: sql`jsonb_set(${jobWorkers.heldJobs}, array[${queue}::text], ${JSON.stringify(jobIds)}::jsonb)` })
    .where(eq(jobWorkers.id, workerId));
}

export async function unregisterWorker(db: Db, workerId: string): Promise<void> {
  await db.delete(jobWorkers).where(eq(jobWorkers.id, workerId));
}

export interface ReapedWork {
  /** Jobs the dead processes had fetched, by queue: to hand back to the queue without counting an attempt. */
  heldJobs: Map<string, string[]>;
  /** Submissions they were grading, queued again: to send to the queue. */
  requeued: string[];
  failed: number;
}

/**
 * Takes the rows of processes that stopped beating (the delete is the claim: of two reapers, each row goes to one)
 * and puts their grading claims back in the queue, or fails a submission that was on the table at too many deaths.
 */
export async function reapDeadWorkers(db: Db, deadAfterSeconds: number): Promise<ReapedWork> {
  return db.transaction(async (tx) => {
    const dead = await tx
      .delete(jobWorkers)
      .where(lt(jobWorkers.heartbeatAt, sql`now() - make_interval(secs => ${deadAfterSeconds})`))
      .returning({ id: jobWorkers.id, heldJobs: jobWorkers.heldJobs });
    const heldJobs = new Map<string, string[]>();
    for (const worker of dead) for (const [queue, ids] of Object.entries(worker.heldJobs)) heldJobs.set(queue, [...(heldJobs.get(queue) ?? []), ...ids]);
    if (dead.length === 0) return { heldJobs, requeued: [], failed: 0 };

    const ofDead = and(eq(submissions.status, "grading"), inArray(submissions.claimedBy, dead.map((worker) => worker.id)));
    const requeued = await tx
      .update(submissions)
      .set({ status: "queued", claimedAt: null, claimedBy: null, updatedAt: new Date() })
      .where(and(ofDead, lt(submissions.attempts, maxClaimsBeforeFailing)))
      .returning({ id: submissions.id });
    const failed = await tx
      .update(submissions)
      .set({
        status: "failed",
        failureReason: sql`'Grading stopped its server ' || ${submissions.attempts} || ' times while working on this submission. Choose Regrade to try again.'`,
        claimedAt: null,
        claimedBy: null,
        updatedAt: new Date(),
      })
      .where(and(ofDead, gte(submissions.attempts, maxClaimsBeforeFailing)))
      .returning({ id: submissions.id, teacherId: submissions.teacherId, failureReason: submissions.failureReason });
    for (const row of failed) {
      await recordGradeEvent(tx, { submissionId: row.id, teacherId: row.teacherId, actor: "engine", kind: "grading_failed", note: row.failureReason ?? undefined });
    }
    return { heldJobs, requeued: requeued.map((row) => row.id), failed: failed.length };
  });
}
