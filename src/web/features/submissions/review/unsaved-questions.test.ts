import { describe, expect, it } from "vitest";
import { leaveQuestion, signOutQuestion } from "./unsaved-questions";

const ann = { id: "a", studentName: "Ann Lee" };
const bo = { id: "b", studentName: "Bo Chan" };
const unnamed = { id: "c", studentName: "" };

describe("the questions asked before unsaved grades are left behind", () => {
  it("asks before signing out, naming the student, with Stay signed in first", () => {
    expect(signOutQuestion([ann])).toEqual({
      title: "Sign out with Ann Lee's grade not saved?",
      description: "Ann Lee's grade was not saved. Signing out deletes your changes from this tab; stay signed in to go back and save them.",
      cancelLabel: "Stay signed in",
      confirmLabel: "Sign out anyway",
    });
  });

  it("counts several grades in the title and names them all in the description", () => {
    const question = signOutQuestion([ann, bo, unnamed]);
    expect(question.title).toBe("Sign out with 3 grades not saved?");
    expect(question.description).toMatch(/^The grades of Ann Lee, Bo Chan and a student were not saved\. /);
  });

  it("says a student when no name was kept", () => {
    expect(signOutQuestion([unnamed]).title).toBe("Sign out with a student's grade not saved?");
    expect(leaveQuestion([unnamed]).description).toMatch(/^A student's grade was not saved\. /);
  });

  it("asks the leave question in the words the review page had", () => {
    expect(leaveQuestion([ann, bo])).toEqual({
      title: "Leave with 2 grades not saved?",
      description: "The grades of Ann Lee and Bo Chan were not saved. Your changes are kept in this tab and come back when you return, but nobody sees them until they are saved.",
      cancelLabel: "Stay on this page",
      confirmLabel: "Leave anyway",
    });
  });
});
