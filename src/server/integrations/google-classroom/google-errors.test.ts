import { describe, expect, it } from "vitest";
import { forbiddenMessage, googleReason } from "./google-errors";
import { studentSubmission } from "./schemas";

describe("googleReason", () => {
  it("reads Classroom's error message", () => expect(googleReason(JSON.stringify({ error: { code: 403, message: "The caller does not have permission", status: "PERMISSION_DENIED" } }))).toBe("The caller does not have permission"));
  it("reads the token endpoint's error description", () => expect(googleReason(JSON.stringify({ error: "invalid_grant", error_description: "Token has been expired or revoked." }))).toBe("Token has been expired or revoked."));
  it("gives nothing for a body that is not Google's error", () => expect(googleReason("<html>")).toBeUndefined());
});

describe("forbiddenMessage", () => {
  it("tells the teacher to connect again when a scope is missing", () => {
    expect(forbiddenMessage("Request had insufficient authentication scopes.", "list your courses")).toContain("Connect Google Classroom again in Settings.");
  });
  it("explains that only coursework Markwise created can take grades", () => {
    expect(forbiddenMessage("@ProjectPermissionDenied The Developer Console project is not permitted to make this request.", "set grades on this coursework")).toContain("Publish the assignment to Classroom from Markwise");
  });
  it("says the teacher must teach the course otherwise", () => {
    expect(forbiddenMessage("The caller does not have permission", "list the course's students")).toMatch(/^Google Classroom refused to list the course's students: you need to be a teacher of this course/);
  });
});

describe("studentSubmission schema", () => {
  it("reads a submission with a Drive attachment and no grade yet, ignoring fields it does not use", () => {
    const parsed = studentSubmission.parse({ id: "s1", userId: "u1", state: "TURNED_IN", courseWorkType: "ASSIGNMENT", assignmentSubmission: { attachments: [{ driveFile: { id: "f1", title: "Essay" } }] } });
    expect(parsed).toEqual({ id: "s1", userId: "u1", state: "TURNED_IN", assignmentSubmission: { attachments: [{ driveFile: { id: "f1", title: "Essay" } }] } });
  });
  it("refuses a submission without its user id", () => expect(studentSubmission.safeParse({ id: "s1" }).success).toBe(false));
});
