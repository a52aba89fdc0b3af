import { describe, expect, it } from "vitest";
import { parseRoster, rosterLimits } from "./parse-roster.js";
import type { RosterLine } from "./parse-roster.js";

describe("parseRoster reads the ways teachers paste a class", () => {
  const table: { rule: string; text: string; students: RosterLine[] }[] = [
    { rule: "reads one name per line and skips blank lines", text: "Jane Doe\n\n  John   Roe  \r\n", students: [{ name: "Jane Doe" }, { name: "John Roe" }] },
    { rule: "reads Last, First on a plain line as First Last", text: "Doe, Jane\nRoe, John", students: [{ name: "Jane Doe" }, { name: "John Roe" }] },
    { rule: "takes a number or email after a comma with no space as the identifier", text: "Jane Doe,12345\nAl Li,al@example.com\nDoe, Jane", students: [{ name: "Jane Doe", identifier: "12345" }, { name: "Al Li", identifier: "al@example.com", email: "al@example.com" }, { name: "Jane Doe" }] },
    { rule: "takes a trailing student number or email on a plain line as the identifier", text: "Jane Doe 12345\nDoe, John, jd@school.org\nAmy Poe <ap@school.org>", students: [{ name: "Jane Doe", identifier: "12345" }, { name: "John Doe", identifier: "jd@school.org", email: "jd@school.org" }, { name: "Amy Poe", identifier: "ap@school.org", email: "ap@school.org" }] },
    { rule: "reads CSV with a Name and ID header, whatever its case", text: "NAME,Student ID\nJane Doe,12345\nJohn Roe,67890", students: [{ name: "Jane Doe", identifier: "12345" }, { name: "John Roe", identifier: "67890" }] },
    { rule: "joins first and last name columns, in any column order", text: "Email,Last Name,First Name\njd@school.org,Doe,Jane", students: [{ name: "Jane Doe", identifier: "jd@school.org", email: "jd@school.org" }] },
    { rule: "reads quoted CSV cells with commas and doubled quotes", text: 'Full Name,Identifier\n"Doe, Jane",1\n"Robert ""Bobby"" Tables",2', students: [{ name: "Jane Doe", identifier: "1" }, { name: 'Robert "Bobby" Tables', identifier: "2" }] },
    { rule: "prefers the ID column to the email column", text: "student,email,id\nJane Doe,jd@school.org,12345", students: [{ name: "Jane Doe", identifier: "12345", email: "jd@school.org" }] },
    { rule: "reads cells pasted from a spreadsheet with a header", text: "First name\tLast name\tStudent number\nJane\tDoe\t12345\n", students: [{ name: "Jane Doe", identifier: "12345" }] },
    { rule: "reads cells pasted from a spreadsheet without a header", text: "Jane Doe\t12345\nDoe, John\tjd@school.org", students: [{ name: "Jane Doe", identifier: "12345" }, { name: "John Doe", identifier: "jd@school.org", email: "jd@school.org" }] },
    { rule: "keeps the e-mail column beside a student number, and ignores a cell that is not an address", text: "Name,ID,Email\nJane Doe,12345,<jd@school.org>\nJohn Roe,67890,ask the office", students: [{ name: "Jane Doe", identifier: "12345", email: "jd@school.org" }, { name: "John Roe", identifier: "67890" }] },
    { rule: "takes a trailing code with letters and digits as the identifier, not as part of a Last, First name", text: "Alice Student, S1234567\nCarol King, ck-42\nBob Jones, 20231234", students: [{ name: "Alice Student", identifier: "S1234567" }, { name: "Carol King", identifier: "ck-42" }, { name: "Bob Jones", identifier: "20231234" }] },
    { rule: "keeps two students who share a name but not an identifier", text: "Sam Lee 111\nSam Lee 222", students: [{ name: "Sam Lee", identifier: "111" }, { name: "Sam Lee", identifier: "222" }] },
  ];
  it.each(table)("$rule", ({ text, students }) => {
    expect(parseRoster(text)).toEqual({ students, problems: [] });
  });
});

describe("parseRoster reports problems with their line numbers", () => {
  it("leaves out a name pasted twice, in any order or case", () => {
    expect(parseRoster("Jane Doe\nJohn Roe\n\ndoe, jane")).toEqual({
      students: [{ name: "Jane Doe" }, { name: "John Roe" }],
      problems: [{ line: 4, message: "Jane Doe is already on line 1; this line was left out." }],
    });
  });

  it("leaves out an identifier used twice, counting lines from the start of the paste", () => {
    const { students, problems } = parseRoster("name,id\nJane Doe,1\n\nJohn Roe,1");
    expect(students).toEqual([{ name: "Jane Doe", identifier: "1" }]);
    expect(problems).toEqual([{ line: 4, message: "The identifier 1 is already on line 2; this line was left out." }]);
  });

  it("counts lines inside a quoted cell that holds a line break", () => {
    const { students, problems } = parseRoster('name,id\n"Jane\nDoe",1\nJohn Roe,1');
    expect(students).toEqual([{ name: "Jane Doe", identifier: "1" }]);
    expect(problems[0]?.line).toBe(4);
  });

  it(`leaves out a name longer than ${rosterLimits.maxNameLength} characters`, () => {
    const { students, problems } = parseRoster(`Jane Doe\n${"A".repeat(121)}\n${"B".repeat(120)}`);
    expect(students.map((student) => student.name.length)).toEqual([8, 120]);
    expect(problems).toEqual([{ line: 2, message: "This name is longer than 120 characters; shorten it." }]);
  });

  it("reports a CSV row with no name", () => {
    expect(parseRoster("name,id\n,12345").problems).toEqual([{ line: 2, message: "This line has no student name." }]);
  });

  it(`keeps the first ${rosterLimits.maxStudents} students and reports the line where it stopped`, () => {
    // Letters, not numbers: a trailing number on a plain line is read as a student number.
    const letters = (n: number) => [0, 1, 2].map((k) => String.fromCharCode(97 + (Math.floor(n / 26 ** k) % 26))).join("");
    const lines = Array.from({ length: 1005 }, (_, i) => `Student ${letters(i)}`);
    const { students, problems } = parseRoster(lines.join("\n"));
    expect(students).toHaveLength(1000);
    expect(students.at(-1)?.name).toBe(`Student ${letters(999)}`);
    expect(problems).toEqual([{ line: 1001, message: "A class can hold 1000 students; this line and those after it were left out." }]);
  });

  it("answers nothing for blank text", () => {
    expect(parseRoster(" \n\n")).toEqual({ students: [], problems: [] });
  });

  it("reports a line too long for one student without reading it, in linear time", () => {
    const started = performance.now();
    const { students, problems } = parseRoster(`Jane Doe\n${",".repeat(199_999)}\nAl Li`);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(students.map((s) => s.name)).toEqual(["Jane Doe", "Al Li"]);
    expect(problems).toEqual([{ line: 2, message: "This line is longer than 1000 characters, too long for one student; check what was pasted." }]);
    expect(parseRoster(`Name,Email\nJane Doe,jane@example.org,${"x,".repeat(600)}`).problems).toHaveLength(1);
  });
});
