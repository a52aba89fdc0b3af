import { isTimeZone } from "../../contracts/submissions";
import { and, desc, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { ChatResponse, ChatStreamEvent } from "../../contracts/assistant";
import { answerIntent, findAssignments, recognizeIntent, type AssistantAction, type AssistantData } from "../../core/assistant";
import { answerClassQuestion } from "../../core/assistant/class-answers";
import { isShowAllFollowUp, recognizeClassQuestion, type ClassQuestion } from "../../core/assistant/class-questions";
import { figuresNotIn, uncheckedFiguresNote } from "../../core/assistant/figure-check";
import { linksMissingFrom } from "../../core/assistant/links";
import { answerPracticeRequest, recognizePracticeRequest } from "../../core/assistant/practice-requests";
import { readClassData } from "./class-data";
import type { Db } from "../db/client";
import { AppError } from "../http/app-error";
import { chatMessages } from "../db/schema";
import { answerWithModel, streamWithModel, type ChatTurn, type ModelChat, type TeacherTools } from "../integrations/ai/chat-model";
import type { AiConfig } from "../integrations/ai";
import { findAssignment, listAssignments } from "./assignments";
import { findTeacherProfile, upsertTeacherProfile } from "./teacher-profiles";

export interface ChatDeps {
  db: Db;
  logger: Logger;
  ai?: AiConfig;
}

export async function listChatMessages(db: Db, teacherId: string, limit: number) {
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.teacherId, teacherId)).orderBy(desc(chatMessages.createdAt)).limit(limit);
  return rows.reverse().map((row) => ({ id: row.id, role: row.role as "user" | "assistant", content: row.content, createdAt: row.createdAt.toISOString() }));
}

export async function clearChat(db: Db, teacherId: string): Promise<void> {
  await db.delete(chatMessages).where(eq(chatMessages.teacherId, teacherId));
}

/**
 * Answers the dashboard chat. Requests the built-in assistant recognises are answered from the teacher's own data;
 * anything else goes to the configured model (with tools scoped to this teacher) or gets an honest "needs a provider".
 */
export async function answerChat(deps: ChatDeps, teacherId: string, message: string, timeZone?: string): Promise<ChatResponse> {
  const turn = await beginTurn(deps, teacherId, message, timeZone);
  let response: ChatResponse;
  if (turn.model) {
    const reply = await answerWithModel(turn.model.chat).catch((error: unknown) => {
      throw modelFailure(deps, error);
    });
    deps.logger.info({ toolsUsed: reply.toolsUsed }, "chat answered by the model");
    response = turn.model.finish(reply.text);
  } else {
    response = turn.response;
  }
  await storeTurn(deps.db, teacherId, message, response.message);
  return response;
}

/**
 * The same answer as it is written: "text" events as the model writes, then "done" with the whole answer once the
 * turn is stored. A failure throws (the turn is not stored); before the first event it means nothing was sent yet.
 */
export async function* streamChat(deps: ChatDeps, teacherId: string, message: string, timeZone?: string, signal?: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  const turn = await beginTurn(deps, teacherId, message, timeZone, signal);
  let response: ChatResponse;
  if (turn.model) {
    const reply = streamWithModel(turn.model.chat);
    let text = "";
    try {
      for await (const delta of reply.textStream) {
        text += delta;
        yield { type: "text", text: delta };
      }
    } catch (error) {
      throw modelFailure(deps, error);
    }
    deps.logger.info({ toolsUsed: reply.toolsUsed }, "chat answered by the model");
    response = turn.model.finish(text.trim());
    await storeTurn(deps.db, teacherId, message, response.message);
  } else {
    response = turn.response;
    await storeTurn(deps.db, teacherId, message, response.message);
    yield { type: "text", text: response.message };
  }
  yield { type: "done", ...response };
}

/**
 * A turn ready to answer: a built-in answer (its action already applied), or the model call with a way to shape
 * the model's text into the answer (with what its tools did).
 */
type Turn = { model?: undefined; response: ChatResponse } | { model: { chat: ModelChat; finish: (text: string) => ChatResponse } };

async function beginTurn(deps: ChatDeps, teacherId: string, message: string, timeZone?: string, signal?: AbortSignal): Promise<Turn> {
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : undefined;
  const intent = recognizeIntent(message);
  const builtin = (text: string): Turn => ({ response: { message: text, source: "builtin" } });
  const classes = () => readClassData(deps.db, teacherId, new Date(), zone);
  // Questions about the teacher's classes are answered from their own figures, with or without a model; a settings
  // command ("set my strictness to 70") is never read as one.
  const isSetting = intent.type === "setStrictness" || intent.type === "setTone";
  // "Make a quiz for this class": no model makes practice here, so the answer is where it is made (offline too).
  const practice = isSetting ? undefined : recognizePracticeRequest(message);
  if (practice) return builtin(answerPracticeRequest(practice, message, await classes(), { hasModel: Boolean(deps.ai) }));
  const question = isSetting ? undefined : recognizeClassQuestion(message);
  if (question) return builtin(answerClassQuestion(question, message, await classes()));
  // "Show all" after a list that was cut short: the same question again, with every name.
  if (!isSetting && isShowAllFollowUp(message)) {
    const earlier = await lastClassQuestion(deps.db, teacherId);
    if (earlier) return builtin(answerClassQuestion({ ...earlier.question, showAll: true }, earlier.message, await classes()));
    if (!deps.ai) return builtin(nothingToShowAll);
  }
  const data = await assistantData(deps.db, teacherId, zone);
  if (intent.type === "unknown" && deps.ai) return { model: await modelTurn(deps, deps.ai, teacherId, message, data, signal) };
  const answer = answerIntent(intent, data);
  if (answer.action) await applyAction(deps.db, teacherId, answer.action);
  return { response: { message: answer.message, ...(answer.action ? { action: answer.action } : {}), source: "builtin" } };
}

const nothingToShowAll = "Show all of what? Ask a question about your classes first, like \u201cWho hasn't submitted?\u201d, then say \u201cshow all\u201d to see every name.";

/** The teacher's last question before any "show all", when it was one about their classes. */
async function lastClassQuestion(db: Db, teacherId: string): Promise<{ question: ClassQuestion; message: string } | undefined> {
  const asked = await db
    .select({ content: chatMessages.content })
    .from(chatMessages)
    .where(and(eq(chatMessages.teacherId, teacherId), eq(chatMessages.role, "user")))
    .orderBy(desc(chatMessages.createdAt))
    .limit(12);
  const last = asked.find((row) => !isShowAllFollowUp(row.content));
  const question = last && recognizeClassQuestion(last.content);
  return question ? { question, message: last.content } : undefined;
}

async function storeTurn(db: Db, teacherId: string, message: string, answer: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(chatMessages).values({ teacherId, role: "user", content: message });
    // A later timestamp keeps the order stable when both land in the same millisecond.
    await tx.insert(chatMessages).values({ teacherId, role: "assistant", content: answer, createdAt: new Date(Date.now() + 1) });
  });
}

function modelFailure(deps: ChatDeps, error: unknown): AppError {
  deps.logger.error({ err: error }, "the AI provider failed to answer the chat");
  return new AppError("unavailable", 'The AI provider did not answer. Try again in a moment; the built-in assistant still answers what it knows (type "help").');
}

async function assistantData(db: Db, teacherId: string, timeZone?: string): Promise<AssistantData> {
  const [assignments, profile] = await Promise.all([listAssignments(db, teacherId), findTeacherProfile(db, teacherId)]);
  return {
    now: new Date(),
    ...(timeZone ? { timeZone } : {}),
    assignments: assignments.map((item) => ({
      id: item.id,
      title: item.title || "Untitled assignment",
      dueDate: item.dueDate,
      status: item.status,
      sampleCount: item.sampleWork.length,
      autogradingEnabled: item.autogradingEnabled,
    })),
    profile: profile ? { strictness: profile.strictness, tone: profile.tone, calibrated: profile.calibrated } : null,
  };
}

async function applyAction(db: Db, teacherId: string, action: AssistantAction): Promise<void> {
  if (action.type === "setStrictness") await upsertTeacherProfile(db, teacherId, { strictness: action.value });
  if (action.type === "setTone") await upsertTeacherProfile(db, teacherId, { tone: action.value });
}

async function modelTurn(deps: ChatDeps, ai: AiConfig, teacherId: string, message: string, data: AssistantData, signal?: AbortSignal) {
  const seen: string[] = [];
  let action: AssistantAction | undefined;
  const figures: string[] = [];
  const tools: TeacherTools = readsRecorded(seen, {
    listAssignments: async () => data.assignments,
    describeAssignment: async (title) => {
      const [match] = findAssignments(title, data.assignments);
      if (!match) return { error: `No assignment matches "${title}".` };
      // One assignment, still scoped to this teacher: findAssignment answers not-found for anyone else's id.
      const full = await findAssignment(deps.db, teacherId, match.id);
      return { title: full.title, prompt: full.prompt, rubric: full.rubric, gradingSettings: full.gradingSettings, calibrationPreview: full.calibrationPreview, samples: full.sampleWork.length };
    },
    setGradingDefaults: async (changes) => {
      const saved = await upsertTeacherProfile(deps.db, teacherId, changes);
      if (changes.strictness !== undefined) action = { type: "setStrictness", value: changes.strictness };
      else if (changes.tone) action = { type: "setTone", value: changes.tone };
      return { strictness: saved.strictness, tone: saved.tone, feedbackLength: saved.feedbackLength };
    },
    startAssignment: async () => {
      action = { type: "navigate", to: "/assignments/new" };
      return { opened: "/assignments/new" };
    },
    classFigures: async (question) => {
      const classes = await readClassData(deps.db, teacherId, new Date(), data.timeZone);
      const answer = answerClassQuestion(question, question.assignment ?? "", classes);
      figures.push(answer);
      return { answer };
    },
  });
  const history = await recentTurns(deps.db, teacherId);
  const context = JSON.stringify({ profile: data.profile, assignments: data.assignments, today: data.now.toISOString().slice(0, 10) });
  // What the model was given: its figures should come from here. The teacher's own words count; the assistant's
  // earlier answers do not, since a figure it made up before would vouch for itself.
  seen.push(context, message, ...history.filter((turn) => turn.role === "user").map((turn) => turn.content));
  const chat: ModelChat = { config: ai, context, history: [...history, { role: "user", content: message }], tools, ...(signal ? { signal } : {}) };
  const finish = (text: string): ChatResponse => {
    const links = linksMissingFrom(text, figures);
    const unchecked = figuresNotIn(text, seen);
    const message = [text || "Done.", unchecked.length ? uncheckedFiguresNote(unchecked) : "", links.length ? `Open: ${links.join(" \u00b7 ")}` : ""].filter(Boolean).join("\n\n");
    return { message, ...(action ? { action } : {}), source: "model" };
  };
  return { chat, finish };
}

/** The same tools, each result also written into `seen` as the model received it. */
function readsRecorded(seen: string[], tools: TeacherTools): TeacherTools {
  const record = async (result: Promise<unknown>) => {
    const value = await result;
    seen.push(JSON.stringify(value));
    return value;
  };
  return {
    listAssignments: () => record(tools.listAssignments()),
    describeAssignment: (title) => record(tools.describeAssignment(title)),
    setGradingDefaults: (changes) => record(tools.setGradingDefaults(changes)),
    startAssignment: () => record(tools.startAssignment()),
    classFigures: (question) => record(tools.classFigures(question)),
  };
}

async function recentTurns(db: Db, teacherId: string): Promise<ChatTurn[]> {
  const rows = await db.select().from(chatMessages).where(eq(chatMessages.teacherId, teacherId)).orderBy(desc(chatMessages.createdAt)).limit(12);
  return rows.reverse().map((row) => ({ role: row.role as ChatTurn["role"], content: row.content }));
}

