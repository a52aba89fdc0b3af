import { describe, expect, it } from "vitest";
import { studentFromFileName } from "./student-from-file-name.js";
import type { StudentName } from "./student-names.js";

describe("studentFromFileName", () => {
  const table: { rule: string; file: string; expected: StudentName }[] = [
    { rule: "takes a plain name", file: "Jane Doe.docx", expected: { name: "Jane Doe" } },
    { rule: "turns Last, First into First Last", file: "Doe, Jane - Essay 2.pdf", expected: { name: "Jane Doe" } },
    { rule: "drops words about the work and title-cases a lowercase name", file: "jane_doe_essay.txt", expected: { name: "Jane Doe" } },
    { rule: "drops version numbers and copy markers", file: "Jane Doe final draft v2 (1).docx", expected: { name: "Jane Doe" } },
    { rule: "splits dashed lowercase words", file: "jane-doe-essay-3.pdf", expected: { name: "Jane Doe" } },
    { rule: "keeps the written order without a comma, and takes a long number as the identifier", file: "Doe_Jane_12345.docx", expected: { name: "Doe Jane", identifier: "12345" } },
    { rule: "reads a Canvas download as login and user id", file: "doejane_123456_7891011_Essay-1.docx", expected: { name: "doejane", identifier: "123456" } },
    { rule: "reads a late Canvas download", file: "doejane_LATE_123456_7891011_essay.pdf", expected: { name: "doejane", identifier: "123456" } },
    { rule: "reads a Moodle download without taking its participant id", file: "Jane Doe_4821_assignsubmission_file_Essay.docx", expected: { name: "Jane Doe" } },
    { rule: "takes the name before Google Classroom's title", file: "Jane Doe - Persuasive Essay.docx", expected: { name: "Jane Doe" } },
    { rule: "takes the name after a title that names the work", file: "Persuasive Essay - Jane Doe.docx", expected: { name: "Jane Doe" } },
    { rule: "takes a leading number part as the identifier", file: "12345 - Jane Doe.pdf", expected: { name: "Jane Doe", identifier: "12345" } },
    { rule: "keeps a double-barrelled family name", file: "Ana Smith-Jones.docx", expected: { name: "Ana Smith-Jones" } },
    { rule: "keeps a name's own capitals", file: "Liam McDonald essay.docx", expected: { name: "Liam McDonald" } },
    { rule: "title-cases after apostrophes and hyphens", file: "sean o'brien.txt", expected: { name: "Sean O'Brien" } },
    { rule: "keeps accents", file: "zoë garcía - essay.docx", expected: { name: "Zoë García" } },
    { rule: "ignores folders in the name", file: "Period 3/Jane Doe.docx", expected: { name: "Jane Doe" } },
    { rule: "falls back to the file name without extension when only work words are left", file: "Final Essay.docx", expected: { name: "Final Essay" } },
    { rule: "falls back to the file name, keeping an identifier, when it is only a number", file: "20231234.pdf", expected: { name: "20231234", identifier: "20231234" } },
    { rule: "keeps the number of an anonymised name", file: "Student 7.txt", expected: { name: "Student 7" } },
    { rule: "keeps the number of a lowercase anonymised name", file: "student_2.txt", expected: { name: "Student 2" } },
    { rule: "keeps the number of an anonymised name among work words", file: "Anonymous Candidate 12 - Essay final.docx", expected: { name: "Anonymous Candidate 12" } },
    { rule: "keeps a long anonymised number in the name and as the identifier", file: "Candidate 0423.pdf", expected: { name: "Candidate 0423", identifier: "0423" } },
    { rule: "keeps the number after a work word alone", file: "Essay 3.txt", expected: { name: "Essay 3" } },
    { rule: "still reads a number after a real name as a second copy", file: "Jordan Lee 2.txt", expected: { name: "Jordan Lee" } },
    { rule: "still drops a number after a name that only starts with a placeholder word", file: "Student Jordan Lee 2.txt", expected: { name: "Student Jordan Lee" } },
    { rule: "keeps the number of an anonymised name beside a class code", file: "P2_Student_01.txt", expected: { name: "P2 Student 01" } },
    { rule: "keeps the number of an anonymised name after a class code with spaces", file: "7B Student 3.docx", expected: { name: "7B Student 3" } },
    { rule: "reads underscores as spaces when only work words and a number are left", file: "Essay_01.txt", expected: { name: "Essay 01" } },
  ];
  it.each(table)("$rule: $file", ({ file, expected }) => {
    expect(studentFromFileName(file)).toEqual(expected);
  });
});
