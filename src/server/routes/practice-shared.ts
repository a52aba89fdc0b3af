import type { Context } from "hono";
import { z } from "zod";
import { errorBody } from "../../contracts/errors";
import { attemptResult, attemptStart, checkedStudentName, checkStudentNameInput, practiceLimits, practiceMessages, sharedPractice, startAttemptInput, submitAttemptInput } from "../../contracts/practice";
import { attemptsSoFar, clientIp, countAttempt, describeWait, hash } from "../auth/rate-limit";
import type { ApiRouter } from "../http/api-router";
import type { AppEnv } from "../http/app-env";
import { AppError } from "../http/app-error";
import type { AppDeps } from "../http/context";
import { nameOnClassList } from "../services/practice/class-list-name";
import { openShared, sharedView, submitAttempt, type SharedOpening } from "../services/practice/shared-practice";
import { startAttempt } from "../services/practice/start-attempt";

const tokenParams = z.object({ token: z.string().max(100) });
const tag = "Quizzes & Flashcards: students";
/** Names a school's address may get wrong per link guess it may make: typos of a whole class, not a roll call. */
const namesPerLink = 3;
/**
 * New attempts at one quiz one address may send per sign-in attempt it is allowed (100 per 15 minutes by default): a
 * class of 30 behind the school's one address, taking three attempts each, stays under it; a script does not go far.
 * Counted per link, so the other classes of a school behind the same address are not refused for this one's.
 */
const attemptsPerSignIn = 10;
/**
 * An attempt's body: the most answers a quiz can have, each at its longest in plain letters, with room for the
 * question ids, the name and the key. Past it the request is refused unread instead of parsed (1 MB by default).
 */
const attemptBodyBytes = practiceLimits.maxItems * (practiceLimits.maxAnswerChars + 128) + 4096;
const gone = { description: "Closed (409) or no longer active (404): a plain message for the student", schema: errorBody };

/** A closed set says so; a deleted, unknown or malformed link gets one plain answer that tells a guesser nothing. */
function refusal(opening: Exclude<SharedOpening, { kind: "open" }>): AppError {
  if (opening.kind === "closed") {
    const message = opening.setKind === "quiz" ? `${practiceMessages.closed}. ${practiceMessages.closedDetail}` : "This deck is closed. Ask your teacher if you think it should be open.";
    return new AppError("conflict", message);
  }
  return new AppError("not_found", `${practiceMessages.inactive}. ${practiceMessages.inactiveDetail}`);
}

/**
 * What students open by link, with no account. Rate-limited like the feedback page: a token no set ever had counts
 * against the asking address, and past its budget such tokens are refused without saying whether they exist.
 */
export function registerSharedPracticeRoutes(router: ApiRouter, deps: AppDeps): void {
  const db = deps.database.db;
  const proxies = { trustProxy: deps.env.TRUST_PROXY, trustedProxyCount: deps.env.TRUSTED_PROXY_COUNT };
  const limit = deps.env.AUTH_RATE_LIMIT_MAX * 3;
  const windowSeconds = deps.env.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  const keyOf = (c: Context<AppEnv>) => `ip:practice-link:${hash(clientIp(c, proxies))}`;

  /** An address over its budget for this key is refused, saying what it tried too often. */
  async function refuseOverBudget(key: string, budget: number, what: string) {
    const sofar = await attemptsSoFar(db, key, windowSeconds);
    if (sofar.count >= budget) {
      throw new AppError("rate_limited", `Too many ${what} were tried from this address. Try again in ${describeWait(sofar.retryAfterSeconds)}.`, undefined, sofar.retryAfterSeconds);
    }
  }
  /**
   * Only a made-up link is counted, and only made-up links are refused past the budget: a real link always opens, so
   * one address guessing (a whole school behind one) never shuts a class out of its own quiz.
   */
  async function refuse(c: Context<AppEnv>, opening: Exclude<SharedOpening, { kind: "open" }>): Promise<never> {
    if (opening.kind === "inactive" && opening.isGuess) {
      await refuseOverBudget(keyOf(c), limit, "links that open nothing");
      await countAttempt(db, keyOf(c), windowSeconds);
    }
    throw refusal(opening);
  }
  const privately = (c: Context<AppEnv>) => {
    c.header("Cache-Control", "private, no-store");
    c.header("X-Robots-Tag", "noindex, nofollow");
  };
  /** The open set a link names, its answer made private; a closed or unknown link is refused (a guess counted). */
  async function openOrRefuse(c: Context<AppEnv>, token: string) {
    const opening = await openShared(db, token);
    if (opening.kind !== "open") return refuse(c, opening);
    privately(c);
    return opening.row;
  }

  router.route(
    {
      method: "get",
      path: "/api/shared-practice/:token",
      summary: "A shared quiz without its key (and whether its class has a class list), or a shared deck's cards",
      tag,
      access: "public",
      params: tokenParams,
      responses: { 200: { description: "The quiz or deck", schema: sharedPractice }, 404: gone, 409: gone, 429: { description: "Too many links that open nothing", schema: errorBody } },
    },
    async (c, { params }) => c.json(await sharedView(db, await openOrRefuse(c, params.token))),
  );

  router.route(
    {
      method: "post",
      path: "/api/shared-practice/:token/name",
      summary: "Before a class's quiz starts: whether the name is on the class list, answered with the list's spelling of it (the list itself is never sent)",
      tag,
      access: "public",
      params: tokenParams,
      body: checkStudentNameInput,
      responses: {
        200: { description: "On the list, or the quiz has none", schema: checkedStudentName },
        400: { description: "Not on the class list, or no name", schema: errorBody },
        404: gone,
        409: gone,
        429: { description: "Too many links that open nothing", schema: errorBody },
      },
    },
    async (c, { params, body }) =>
      checkingNames(c, async () => {
        const row = await openOrRefuse(c, params.token);
        return c.json({ studentName: await nameOnClassList(db, row.assignmentId, body.studentName) });
      }),
  );

  /**
   * Names tried are counted apart from links, with room for a class's typos, so no route that checks a name against
   * the class list can be used to list the class: over the budget it is refused, and each name refused counts.
   */
  async function checkingNames<T>(c: Context<AppEnv>, check: () => Promise<T>): Promise<T> {
    const nameKey = `ip:practice-name:${hash(clientIp(c, proxies))}`;
    await refuseOverBudget(nameKey, limit * namesPerLink, "names");
    try {
      return await check();
    } catch (error) {
      if (error instanceof AppError && error.fields?.studentName === practiceMessages.notOnClassList) await countAttempt(db, nameKey, windowSeconds);
      throw error;
    }
  }

  /** New starts and new attempts share one budget per link and address: either kind of row costs the same to keep. */
  async function newAttemptBudget(c: Context<AppEnv>, token: string, retry: string) {
    // The token is hashed like the address: the table holds neither a link nor an address in the clear.
    const key = `ip:practice-attempt:${hash(token)}:${hash(clientIp(c, proxies))}`;
    const sofar = await attemptsSoFar(db, key, windowSeconds);
    const refuseNew =
      sofar.count >= deps.env.AUTH_RATE_LIMIT_MAX * attemptsPerSignIn
        ? new AppError("rate_limited", `Too many attempts at this quiz were sent from this network. Keep this page open and ${retry} in ${describeWait(sofar.retryAfterSeconds)}.`, undefined, sofar.retryAfterSeconds)
        : undefined;
    return { refuseNew, countNew: () => countAttempt(db, key, windowSeconds) };
  }

  router.route(
    {
      method: "post",
      path: "/api/shared-practice/:token/start",
      summary: "Open the student's next attempt at a quiz: the time limit counts from the first opening, which a reload or another device finds again; refused when the student has no attempts left",
      tag,
      access: "public",
      params: tokenParams,
      body: startAttemptInput,
      responses: {
        200: { description: "The attempt's number, its start and the seconds left of the time limit (null: none)", schema: attemptStart },
        400: { description: "Not on the class list, or no name", schema: errorBody },
        404: gone,
        409: { description: "Closed, or no attempts left", schema: errorBody },
        429: { description: "Too many links that open nothing, or too many new attempts at this quiz from this address", schema: errorBody },
      },
    },
    async (c, { params, body }) => {
      const budget = await newAttemptBudget(c, params.token, "reload it");
      const outcome = await checkingNames(c, () => startAttempt(db, params.token, body, { refuseNew: budget.refuseNew }));
      if (outcome.kind !== "started") return refuse(c, outcome);
      if (outcome.isNew) await budget.countNew();
      privately(c);
      return c.json(outcome.start);
    },
  );

  router.route(
    {
      method: "post",
      path: "/api/shared-practice/:token/attempts",
      summary: "Submit a quiz: scored on the spot, stored once per idempotencyKey (a repeated post answers the stored attempt), the key returned only if the teacher allows, refused past the attempts allowed, past 1,000 attempts per quiz and past a budget of new attempts per link per address",
      tag,
      access: "public",
      params: tokenParams,
      body: submitAttemptInput,
      maxBodyBytes: attemptBodyBytes,
      tooLargeMessage: "Your answers are too long to send. Shorten the longest ones and press Submit again.",
      responses: {
        201: { description: "Scored and stored", schema: attemptResult },
        200: { description: "This attempt was already stored: the same result", schema: attemptResult },
        400: { description: "Invalid input", schema: errorBody },
        404: gone,
        409: { description: "Closed, no attempts left, or the quiz has kept all the attempts it can", schema: errorBody },
        413: { description: "The answers are too long to send", schema: errorBody },
        429: { description: "Too many links that open nothing, or too many new attempts at this quiz from this address", schema: errorBody },
      },
    },
    async (c, { params, body }) => {
      const budget = await newAttemptBudget(c, params.token, "press Submit again");
      const outcome = await submitAttempt(db, params.token, body, { spellChecker: deps.spellChecker, refuseNew: budget.refuseNew });
      if (outcome.kind !== "stored") return refuse(c, outcome);
      if (outcome.isNew) await budget.countNew();
      privately(c);
      return c.json(outcome.result, outcome.isNew ? 201 : 200);
    },
  );
}
