import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "../../../../tests/support/fake-openai-server.js";
import { defaultGradingSettings, type GradingInput } from "../../../core/grading/index.js";
import { loadSpellChecker } from "../spelling/load-spell-checker.js";
import type { AiConfig } from "./config.js";
import { gradeSubmission } from "./grade-submission.js";

const text =
  "Computers help people learn. For example, my cousin used the internet to study the history of Peru. However, too much screen time can keep families apart, so we should set limits.";

const input: GradingInput = {
  prompt: "Write a letter to your local newspaper about the effects computers have on people.",
  criteria: [
    { id: "ideas", name: "Ideas and content", maxPoints: 4, descriptors: ["No clear position.", "A clear position with developed support."] },
    { id: "conventions", name: "Conventions", maxPoints: 4, descriptors: ["Many errors.", "Few or no errors."] },
  ],
  samples: [
    { id: "s1", text: "Computers are bad. They are bad for kids.", score: 2, criteriaScores: { ideas: 1, conventions: 2 } },
    { id: "s2", text: "Computers connect people across the world. For instance, students can talk with experts, and families can share news quickly.", score: 6, criteriaScores: { ideas: 3, conventions: 3 } },
  ],
  settings: defaultGradingSettings,
  scoreRange: [0, 8],
};

const goodAnswer = JSON.stringify({
  criterionScores: [
    { criterionId: "ideas", score: 3, rationale: "Clear position with an example.", quotes: ["my cousin used the internet to study the history of Peru", "a sentence that is not in the essay"] },
    { criterionId: "conventions", score: 9, rationale: "Clean.", quotes: [] },
  ],
  overallScore: 6,
  feedback: "You take a clear position and support it with your cousin's example. Next, add a second example.",
});

describe("gradeSubmission with an OpenAI-compatible provider over real HTTP", () => {
  let server: FakeOpenAiServer;
  let config: AiConfig;
  const deps = async (ai?: AiConfig) => ({ spellChecker: await loadSpellChecker(), ...(ai ? { ai } : {}) });

  beforeAll(async () => {
    server = await startFakeOpenAiServer();
    config = { provider: "openai-compatible", model: "fake-grader", baseUrl: server.baseUrl, apiKey: "test-key", timeoutMs: 2000, maxRetries: 0 };
  });
  afterAll(async () => server.close());

  it("uses the model's grade when the answer is valid, clamping scores and dropping quotes not in the text", async () => {
    server.behave({ kind: "answer", content: () => goodAnswer });
    const result = await gradeSubmission({ ...input, text }, await deps(config));
    expect(result.grader).toBe("llm");
    expect(result.fallbackReason).toBeUndefined();
    expect(result.criterionScores.find((c) => c.criterionId === "ideas")?.score).toBe(3);
    expect(result.criterionScores.find((c) => c.criterionId === "conventions")?.score).toBe(4);
    expect(result.criterionScores[0]!.quotes).toEqual(["my cousin used the internet to study the history of Peru"]);
    expect(result.overallScore).toBe(6);
    expect(result.feedback).toContain("cousin");
    expect(result.confidence).toBeGreaterThanOrEqual(1);
    expect(result.confidence).toBeLessThanOrEqual(99);
  });

  it("sends the rubric, the samples as worked examples and the settings in the prompt", async () => {
    server.behave({ kind: "answer", content: () => goodAnswer });
    await gradeSubmission({ ...input, text }, await deps(config));
    const request = server.requests.at(-1)!;
    expect(request.model).toBe("fake-grader");
    const all = request.messages.map((m) => m.content).join("\n");
    expect(all).toContain('id "ideas"');
    expect(all).toContain("Computers connect people across the world");
    expect(all).toContain("strictness 50/100");
    expect(all).toContain(text);
  });

  it("falls back to the built-in grader with a reason when the model's answer is malformed", async () => {
    server.behave({ kind: "answer", content: () => "Sure! I would give this a 6 out of 8." });
    const result = await gradeSubmission({ ...input, text }, await deps(config));
    expect(result.grader).toBe("builtin");
    expect(result.fallbackReason).toMatch(/not a valid grade/);
    expect(result.overallScore).toBe(result.builtinOverallScore);
  });

  it("falls back when the answer is JSON but misses a criterion", async () => {
    server.behave({
      kind: "answer",
      content: () => JSON.stringify({ criterionScores: [{ criterionId: "ideas", score: 2, rationale: "", quotes: [] }], overallScore: 4, feedback: "Fine." }),
    });
    const result = await gradeSubmission({ ...input, text }, await deps(config));
    expect(result.grader).toBe("builtin");
    expect(result.fallbackReason).toContain('no score for the criterion "Conventions"');
  });

  it("falls back with a timeout reason when the provider is too slow", async () => {
    server.behave({ kind: "slow", delayMs: 3000, content: () => goodAnswer });
    const result = await gradeSubmission({ ...input, text }, await deps({ ...config, timeoutMs: 300 }));
    expect(result.grader).toBe("builtin");
    expect(result.fallbackReason).toContain("did not answer within 300 ms");
  });

  it("retries a failing provider the configured number of times before falling back", async () => {
    const before = server.requests.length;
    server.behave({ kind: "http-error", status: 503, message: "overloaded" });
    const result = await gradeSubmission({ ...input, text }, await deps({ ...config, maxRetries: 1 }));
    expect(server.requests.length - before).toBe(2);
    expect(result.grader).toBe("builtin");
    expect(result.fallbackReason).toMatch(/503|overloaded/);
  });

  it("grades with the built-in grader alone when no model is configured", async () => {
    const before = server.requests.length;
    const result = await gradeSubmission({ ...input, text }, await deps());
    expect(result.grader).toBe("builtin");
    expect(result.fallbackReason).toBeUndefined();
    expect(server.requests.length).toBe(before);
  });
});
