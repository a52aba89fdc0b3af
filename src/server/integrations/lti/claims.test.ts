import { describe, expect, it } from "vitest";
import { isInstructorRole } from "./claims";

describe("LTI roles", () => {
  it("treats instructors, teaching assistants, designers and administrators as teachers", () => {
    expect(isInstructorRole(["http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor"])).toBe(true);
    expect(isInstructorRole(["http://purl.imsglobal.org/vocab/lis/v2/membership/Instructor#TeachingAssistant"])).toBe(true);
    expect(isInstructorRole(["http://purl.imsglobal.org/vocab/lis/v2/membership#ContentDeveloper"])).toBe(true);
    expect(isInstructorRole(["Instructor"])).toBe(true);
  });

  it("treats learners and everyone else as learners", () => {
    expect(isInstructorRole(["http://purl.imsglobal.org/vocab/lis/v2/membership#Learner", "http://purl.imsglobal.org/vocab/lis/v2/institution/person#Student"])).toBe(false);
    expect(isInstructorRole(["http://purl.imsglobal.org/vocab/lis/v2/membership#Mentor"])).toBe(false);
    expect(isInstructorRole([])).toBe(false);
  });
});
