import { describe, expect, it } from "vitest";
import { createVideoRequestInput, videoDefaults, videoDurations, videoMessages, videoStyles, videoVoices } from "./video-requests";

function messagesFor(input: Record<string, unknown>): Record<string, string> {
  const parsed = createVideoRequestInput.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("createVideoRequestInput", () => {
  it("fills the spec's defaults: Engaging, 1 min, Solo Female", () => {
    expect(videoDefaults).toEqual({ style: "Engaging", duration: "1 min", voice: "Solo Female" });
    expect(createVideoRequestInput.parse({ topic: "Volcanoes", email: "t@school.org" })).toEqual({
      topic: "Volcanoes",
      email: "t@school.org",
      style: "Engaging",
      duration: "1 min",
      voice: "Solo Female",
      notes: "",
    });
  });

  it("offers exactly the spec's choices", () => {
    expect(videoStyles).toEqual(["Engaging", "Hyper", "Inspirational", "Documentary", "Jazz", "Lofi", "Dramatic", "None"]);
    expect(videoDurations).toEqual(["2 min", "1 min", "30 sec"]);
    expect(videoVoices).toEqual(["Solo Female", "Solo Male"]);
  });

  it.each([
    ["topic", { topic: "   ", email: "t@school.org" }],
    ["email", { topic: "Volcanoes", email: " " }],
    ["email", { topic: "Volcanoes" }],
  ])("requires a trimmed %s with the spec's message", (field, input) => {
    expect(messagesFor(input)[field]).toBe(videoMessages.missing);
    expect(videoMessages.missing).toBe("Please provide a topic and your email.");
  });

  it("refuses a choice outside the lists and a malformed e-mail", () => {
    expect(messagesFor({ topic: "x", email: "t@school.org", duration: "10 min" }).duration).toBe("Choose one of: 2 min, 1 min, 30 sec");
    expect(messagesFor({ topic: "x", email: "teacher" }).email).toBe("Enter a valid email address, like name@school.org");
  });

  it("limits the notes to 4000 characters", () => {
    expect(messagesFor({ topic: "x", email: "t@school.org", notes: "n".repeat(4001) }).notes).toBe("Keep the notes within 4000 characters");
  });
});
