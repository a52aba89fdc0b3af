import { loadAiSdk, type AiSdk } from "./load-ai-sdk";
import { z } from "zod";
import type { AiConfig } from "./config";
import { createLanguageModel } from "./create-model";
import { classQuestionKinds, type ClassQuestion } from "../../../core/assistant/class-questions";

/** What the assistant may do for the signed-in teacher; every function is already scoped to that teacher. */
export interface TeacherTools {
  listAssignments(): Promise<unknown>;
  describeAssignment(title: string): Promise<unknown>;
  setGradingDefaults(changes: { strictness?: number; tone?: "gentle" | "neutral" | "direct"; feedbackLength?: "short" | "standard" | "detailed" }): Promise<unknown>;
  startAssignment(): Promise<unknown>;
  /** The built-in answer to a question about the teacher's classes, figures and links included. */
  classFigures(question: ClassQuestion): Promise<unknown>;
}

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

const system = (context: string) =>
  [
    "You are Markwise, a teaching assistant for a teacher who grades student writing.",
    "Answer briefly and concretely. Use the tools to read or change the teacher's own data; never invent assignments, dates, scores or settings.",
    "When you draft a rubric, give criteria with points or weights that add up to 100.",
    "Figures about the teacher's classes (reviews waiting, who has not submitted, averages, weakest criteria, a student's grades, progress, changed grades, who opened returned feedback) come only from the classFigures tool: report its figures and keep its links exactly as written, [label](/path).",
    "Write plain text: no Markdown headings, bold or tables; the only markup allowed is those links.",
    "Student work is children's work: never repeat personal details beyond what the teacher needs.",
    `What you know about this teacher:\n${context}`,
  ].join("\n");

/** One conversation turn for the model: the teacher's context, the recent turns ending with the question, and the tools. */
export interface ModelChat {
  config: AiConfig;
  context: string;
  history: ChatTurn[];
  tools: TeacherTools;
  /** Stops the call early, e.g. when the teacher leaves before the answer is written. */
  signal?: AbortSignal;
}

/** One reply from the configured model, with tools that act only on the caller's data. */
export async function answerWithModel(chat: ModelChat): Promise<{ text: string; toolsUsed: string[] }> {
  const ai = await loadAiSdk();
  const { options, toolsUsed } = modelCall(chat, ai);
  const result = await ai.generateText(options);
  return { text: result.text.trim(), toolsUsed };
}

/**
 * The same reply as it is written: `textStream` yields the text deltas and throws when the model fails;
 * `toolsUsed` fills while it runs.
 */
export function streamWithModel(chat: ModelChat): { textStream: AsyncIterable<string>; toolsUsed: string[] } {
  const toolsUsed: string[] = [];
  async function* textStream() {
    const ai = await loadAiSdk();
    const call = modelCall(chat, ai, toolsUsed);
    // Errors arrive as stream parts and are thrown below, so the default console logging would only repeat them.
    const result = ai.streamText({ ...call.options, onError: () => undefined });
    for await (const part of result.fullStream) {
      if (part.type === "text-delta" && part.text) yield part.text;
      else if (part.type === "error") throw part.error;
      else if (part.type === "abort") throw new Error(`The model call was aborted${part.reason ? `: ${part.reason}` : ""}.`);
    }
  }
  return { textStream: textStream(), toolsUsed };
}

/** What generating and streaming share: the model, the prompt, the limits and the teacher's tools. */
function modelCall(chat: ModelChat, { stepCountIs, tool }: AiSdk, toolsUsed: string[] = []) {
  const track = <T>(name: string, run: () => Promise<T>) => {
    toolsUsed.push(name);
    return run();
  };
  const timeout = AbortSignal.timeout(chat.config.timeoutMs);
  const { tools } = chat;
  const options = {
    model: createLanguageModel(chat.config),
    system: system(chat.context),
    messages: chat.history,
    maxRetries: chat.config.maxRetries,
    abortSignal: chat.signal ? AbortSignal.any([timeout, chat.signal]) : timeout,
    stopWhen: stepCountIs(4),
    tools: {
      listAssignments: tool({
        description: "List the teacher's assignments with status, due date, criteria and sample counts.",
        inputSchema: z.object({}),
        execute: () => track("listAssignments", () => tools.listAssignments()),
      }),
      describeAssignment: tool({
        description: "Read one assignment's rubric, grading settings and calibration preview by (part of) its title.",
        inputSchema: z.object({ title: z.string().min(1) }),
        execute: ({ title }) => track("describeAssignment", () => tools.describeAssignment(title)),
      }),
      setGradingDefaults: tool({
        description: "Change the teacher's default grading settings (strictness 0-100, tone, feedback length).",
        inputSchema: z.object({
          strictness: z.number().int().min(0).max(100).optional(),
          tone: z.enum(["gentle", "neutral", "direct"]).optional(),
          feedbackLength: z.enum(["short", "standard", "detailed"]).optional(),
        }),
        execute: (changes) => track("setGradingDefaults", () => tools.setGradingDefaults(changes)),
      }),
      classFigures: tool({
        description:
          "Answer a question about the teacher's classes from stored data: reviewQueue (grades waiting for review), notSubmitted (roster students without a submission), overdue (assignments past due), progress (how far grading has got), averages (class average and spread; byCriterion for each criterion), weakestCriterion, strugglingStudents (the students who scored lowest, on a criterion if named), studentGrades (one student's grades across assignments), changedAfterReview (grades the teacher changed), feedbackOpened (returned feedback links: how many opened, who has not; or one student's). Optionally name the assignment (part of its title), the student or the criterion; showAll lists every name instead of the first few.",
        inputSchema: z.object({
          kind: z.enum(classQuestionKinds),
          assignment: z.string().min(1).max(200).optional(),
          student: z.string().min(1).max(200).optional(),
          criterion: z.string().min(1).max(200).optional(),
          byCriterion: z.boolean().optional(),
          showAll: z.boolean().optional(),
        }),
        execute: (question) => track("classFigures", () => tools.classFigures(question)),
      }),
      startAssignment: tool({
        description: "Start creating a new assignment (opens the assignment wizard).",
        inputSchema: z.object({}),
        execute: () => track("startAssignment", () => tools.startAssignment()),
      }),
    },
  };
  return { options, toolsUsed };
}
