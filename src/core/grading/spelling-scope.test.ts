import { describe, expect, it } from "vitest";
import { findWords } from "./text.js";
import { isJudgedForSpelling, spellingScopeOf } from "./spelling-scope.js";

const judged = (text: string) => {
  const scope = spellingScopeOf(text);
  return findWords(text).filter((w) => isJudgedForSpelling(scope, w)).map((w) => w.text);
};

describe("which words spelling is judged on", () => {
  it("leaves out names inside a sentence and acronyms, but not a capital that starts a sentence", () => {
    expect(judged("My teacher Mrs. Novak reads Atticus aloud. Teh HVAC is loud.\nWen we left")).toEqual(["My", "teacher", "reads", "aloud", "Teh", "is", "loud", "Wen", "we", "left"]);
    expect(judged("We read J. K. Rowling and Dr. Seuss.")).toEqual(["We", "read", "and"]);
    expect(judged('She said, "Becuase it rains." (Thier house)')).toEqual(["She", "said", "Becuase", "it", "rains", "Thier", "house"]);
  });

  it("leaves out a name wherever the text writes it, once it is capitalised inside a sentence, and a brand's mixed case", () => {
    expect(judged("Kenzie came over. I played with Kenzie and kenzie won on my iPods.")).toEqual(["came", "over", "I", "played", "with", "and", "won", "on", "my"]);
  });

  it("leaves out web and e-mail addresses and file names", () => {
    expect(judged("See https://www.dailyherald.com/kids or mail ana@school.org about four_day_week.py and notes.docx today")).toEqual(["See", "or", "mail", "about", "and", "today"]);
  });

  it("leaves out formulas, ordinals, hyphenated names, a citation's et al. and a dropped g, judging the rest", () => {
    expect(judged("We used ln(k) and v^2 where x=3 on October 12th with 2x the Alka-Seltzer, as Klein et al. found.")).toEqual(["We", "used", "and", "where", "on", "with", "x", "the", "as", "found"]);
    expect(judged('Grandpa said, "I was lookin\' for nothin’ but trouble." Teh end.')).toEqual(["Grandpa", "said", "I", "was", "for", "but", "trouble", "Teh", "end"]);
    // Text-speak is still judged; a measure and a chemical formula are not.
    expect(judged("gr8 to see u 2day with 10cm of CO2")).toEqual(expect.arrayContaining(["gr", "day"]));
    expect(judged("gr8 to see u 2day with 10cm of CO2")).not.toEqual(expect.arrayContaining(["cm"]));
  });

  it("leaves out a prefix a hyphen joins to its word, but judges the words around it", () => {
    expect(judged("We ate a pre-game meal and a non-stop snack. Teh end.")).toEqual(["We", "ate", "a", "meal", "and", "a", "snack", "Teh", "end"]);
  });

  it("judges every word of a text written in capitals", () => {
    expect(judged("I THINK THE FOUR DAY WEEK IS BAD BECUASE WE NEED SCHOOL.")).toHaveLength(12);
  });
});
