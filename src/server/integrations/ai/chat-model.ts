import { generateText, stepCountIs, tool } from "ai";
import { z } from "zod";
import type { AiConfig } from "./config";
import { createLanguageModel } from "./create-model";

/** What the assistant may do for the signed-in teacher; every function is already scoped to that teacher. */
export interface TeacherTools {
  listAssignments(): Promise<unknown>;
  describeAssignment(title: string): Promise<unknown>;
  setGradingDefaults(changes: { strictness?: number; tone?: "gentle" | "neutral" | "direct"; feedbackLength?: "short" | "standard" | "detailed" }): Promise<unknown>;
  startAssignment(): Promise<unknown>;
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
    "Student work is children's work: never repeat personal details beyond what the teacher needs.",
    `What you know about this teacher:\n${context}`,
  ].join("\n");

/** One reply from the configured model, with tools that act only on the caller's data. */
export async function answerWithModel(config: AiConfig, context: string, history: ChatTurn[], tools: TeacherTools): Promise<{ text: string; toolsUsed: string[] }> {
  const toolsUsed: string[] = [];
  const track = <T>(name: string, run: () => Promise<T>) => {
    toolsUsed.push(name);
    return run();
  };
  const result = await generateText({
    model: createLanguageModel(config),
    system: system(context),
    messages: history,
    maxRetries: config.maxRetries,
    abortSignal: AbortSignal.timeout(config.timeoutMs),
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
      startAssignment: tool({
        description: "Start creating a new assignment (opens the assignment wizard).",
        inputSchema: z.object({}),
        execute: () => track("startAssignment", () => tools.startAssignment()),
      }),
    },
  });
  return { text: result.text.trim(), toolsUsed };
}
