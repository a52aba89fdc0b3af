import { describe, expect, it } from "vitest";
import { matchStudent, type RosterStudent } from "./match-student.js";
import type { StudentName } from "./student-names.js";

const roster: RosterStudent[] = [
  { id: "s1", name: "Jane Doe", identifier: "12345" },
  { id: "s2", name: "José Álvarez-Ruiz", identifier: "jalvarez@school.org" },
  { id: "s3", name: "Sam Lee" },
  { id: "s4", name: "Sam Lee" },
  { id: "s5", name: "Mary Ann O'Neil" },
  { id: "s6", name: "Lee Sam" },
];

describe("matchStudent", () => {
  const table: { rule: string; candidate: StudentName; expected: string | undefined }[] = [
    { rule: "matches the identifier first, whatever the name", candidate: { name: "J. D.", identifier: "12345" }, expected: "s1" },
    { rule: "compares identifiers without case (emails)", candidate: { name: "x", identifier: "JAlvarez@School.org" }, expected: "s2" },
    { rule: "falls back to the name when the identifier is unknown", candidate: { name: "Jane Doe", identifier: "99999" }, expected: "s1" },
    { rule: "ignores case and spacing", candidate: { name: "  jane   DOE " }, expected: "s1" },
    { rule: "ignores word order", candidate: { name: "Doe Jane" }, expected: "s1" },
    { rule: "reads Last, First", candidate: { name: "Doe, Jane" }, expected: "s1" },
    { rule: "ignores accents and punctuation", candidate: { name: "jose alvarez ruiz" }, expected: "s2" },
    { rule: "ignores an apostrophe's position", candidate: { name: "Mary-Ann O'Neil" }, expected: "s5" },
    { rule: "matches a Canvas login given name first", candidate: { name: "janedoe" }, expected: "s1" },
    { rule: "matches a Canvas login family name first", candidate: { name: "doejane", identifier: "123456" }, expected: "s1" },
    { rule: "matches a Canvas login of a three-word name", candidate: { name: "oneilmaryann" }, expected: "s5" },
    { rule: "answers undefined for two students with the same name", candidate: { name: "Sam Lee" }, expected: undefined },
    { rule: "answers undefined when a login fits two students", candidate: { name: "samlee" }, expected: undefined },
    { rule: "answers undefined for someone not on the roster", candidate: { name: "John Roe" }, expected: undefined },
    { rule: "does not match a part of a name", candidate: { name: "Jane" }, expected: undefined },
    { rule: "answers undefined for an empty name", candidate: { name: " - " }, expected: undefined },
  ];
  it.each(table)("$rule", ({ candidate, expected }) => {
    expect(matchStudent(roster, candidate)).toBe(expected);
  });

  it("answers undefined when two students share an identifier, rather than guess", () => {
    const twins: RosterStudent[] = [
      { id: "a", name: "Ann Poe", identifier: "7" },
      { id: "b", name: "Ben Poe", identifier: "7" },
    ];
    expect(matchStudent(twins, { name: "Ann Poe", identifier: "7" })).toBeUndefined();
  });
});
