import { describe, expect, it } from "vitest";
import { essayBodyOf, essayBodySpan } from "./essay-body.js";

const paragraph =
  "Computers have changed the way people live, and I believe the effects are mostly positive. When I had to write a report on volcanoes, I found maps and videos in minutes. My grandmother lives in Texas, and every Sunday we talk on a video call.";
const second = "Some people say computers make us lazy. That can be true, but the problem is how people use them, not the machines themselves.";

describe("the body of a student's paper", () => {
  it("leaves out an MLA heading, the title and the works cited, keeping the body as it was sent", () => {
    const paper = `Jordan Smith\nMrs. Alvarez\nEnglish 8, Period 3\n12 March 2024\n\nThe Effects of Computers\n\n${paragraph}\n\n${second}\n\nWorks Cited\nBrown, Lisa. "Kids and Screens." Daily Herald, 4 Feb. 2023, www.dailyherald.com/kids-screens.\n`;
    expect(essayBodyOf(paper)).toBe(`${paragraph}\n\n${second}`);
    const { start, end } = essayBodySpan(paper);
    expect(paper.slice(start, end).trim()).toBe(`${paragraph}\n\n${second}`);
  });

  it("finds the heading without blank lines when the first paragraph is written on one line", () => {
    expect(essayBodyOf(`Jordan Smith\nPeriod 3\nThe Effects of Computers\n${paragraph}\n${second}`)).toBe(`${paragraph}\n${second}`);
  });

  it("leaves out a title of more than ten words written in title case", () => {
    const paper = `Jordan Smith\nPeriod 3\n\nFive Days, Not Four: Why Our District Should Keep Its Schedule\n\n${paragraph}\n\n${second}`;
    expect(essayBodyOf(paper)).toBe(`${paragraph}\n\n${second}`);
  });

  it("keeps a first line that a lower-case paragraph continues, even across a blank line", () => {
    const text = `I agree with what\n\nthe author says about computers. ${paragraph}\n\n${second}`;
    expect(essayBodyOf(text)).toBe(text);
  });

  it("leaves a paper without heading or references unchanged", () => {
    expect(essayBodyOf(`${paragraph}\n\n${second}`)).toBe(`${paragraph}\n\n${second}`);
    expect(essayBodySpan(`${paragraph}\n\n${second}`)).toEqual({ start: 0, end: paragraph.length + 2 + second.length });
  });

  it("leaves a scan read line by line whole: its short first lines are the start of a paragraph", () => {
    const scan = "Computers have changed the way people\nlive and I believe the effects are\nmostly positive. When I had to write a\nreport on volcanoes I found maps and videos\nin minutes and my grandmother in Texas\ntalks with us on a video call every Sunday.";
    expect(essayBodyOf(scan)).toBe(scan);
  });

  it("keeps a first sentence that runs over two lines without its full stop", () => {
    const text = `I think computers is good\nbecause we can learn many thing\n\n${paragraph}`;
    expect(essayBodyOf(text)).toBe(text);
  });

  it("leaves a poem or list of short lines whole, and a text whose body would be too short", () => {
    const poem = Array.from({ length: 12 }, (_, i) => `The river runs past line ${i + 1}`).join("\n");
    expect(essayBodyOf(`${poem}\n\n${paragraph}`)).toBe(`${poem}\n\n${paragraph}`);
    const short = "My Summer\n\nI went to the lake and it was fun.";
    expect(essayBodyOf(short)).toBe(short);
  });

  it("reads a 'References' line at the top as a title, never as the works cited that end a paper", () => {
    const text = `References\n\n${paragraph}\n\n${second}`;
    expect(essayBodyOf(text)).toBe(`${paragraph}\n\n${second}`);
  });
});
