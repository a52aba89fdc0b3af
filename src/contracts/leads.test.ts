import { describe, expect, it } from "vitest";
import { createLeadInput, leadMessages } from "./leads";

const valid = { type: "get-started", name: "Ada", email: "ada@school.org", school: "Analytical High", position: "Teacher" } as const;

function messagesFor(input: Record<string, unknown>): Record<string, string> {
  const parsed = createLeadInput.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("createLeadInput", () => {
  it("accepts a complete get-started lead without seats and trims the text fields", () => {
    const parsed = createLeadInput.parse({ ...valid, name: "  Ada  ", school: " Analytical High ", email: " ada@school.org " });
    expect(parsed).toMatchObject({ name: "Ada", school: "Analytical High", email: "ada@school.org", seats: "" });
  });

  it.each(["name", "email", "school"])("asks for all required fields when %s is blank or only spaces", (field) => {
    expect(messagesFor({ ...valid, [field]: "   " })[field]).toBe(leadMessages.required);
    expect(messagesFor({ ...valid, [field]: undefined })[field]).toBe(leadMessages.required);
  });

  it("asks for all required fields when no position is chosen", () => {
    expect(messagesFor({ ...valid, position: undefined }).position).toBe("Please fill in all required fields");
  });

  it.each(["Student", "TA", "Teacher", "Staff", "Administration", "Other"])("accepts the position %s", (position) => {
    expect(createLeadInput.safeParse({ ...valid, position }).success).toBe(true);
  });

  it("requires seats for an enterprise lead with the spec's message", () => {
    expect(messagesFor({ ...valid, type: "enterprise" }).seats).toBe("Please specify the number of interested seats");
    expect(messagesFor({ ...valid, type: "enterprise", seats: "  " }).seats).toBe("Please specify the number of interested seats");
    expect(createLeadInput.safeParse({ ...valid, type: "enterprise", seats: "500+" }).success).toBe(true);
  });

  it("does not require seats for get-started", () => {
    expect(messagesFor({ ...valid, seats: "" })).toEqual({});
  });

  it("rejects a malformed e-mail with a message that says how to fix it", () => {
    expect(messagesFor({ ...valid, email: "ada.school.org" }).email).toBe("Enter a valid email address, like name@school.org");
  });

  it("limits lengths", () => {
    expect(messagesFor({ ...valid, school: "s".repeat(201) }).school).toBe("Keep this within 200 characters");
    expect(messagesFor({ ...valid, type: "enterprise", seats: "9".repeat(51) }).seats).toBe("Keep this within 50 characters");
  });

  it("accepts an ISO submitted_at and refuses another format", () => {
    expect(createLeadInput.safeParse({ ...valid, submitted_at: "2025-03-05T12:00:00.000Z" }).success).toBe(true);
    expect(messagesFor({ ...valid, submitted_at: "yesterday" }).submitted_at).toBe("submitted_at must be an ISO timestamp");
  });
});
