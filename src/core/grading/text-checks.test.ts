import { describe, expect, it } from "vitest";
import { analyzeForAssignment, estimateScores, gradeWithAssignment, prepareAssignment, prepareForClass, type PreparedAssignment } from "./index.js";
import { classProfileOf, concernsFor, doubtfulConfidence, type TextConcernKind } from "./text-checks.js";
import { fakeSpellChecker, makeInput, strongEssay } from "./test-fixtures.js";

// A class answering the computers prompt, each in its own words.
const classTexts = [
  `I think computers help students a great deal. With a computer I can search the internet for facts about history and science, type my homework faster and send it to my teacher by email. Some people say computers waste time, but they are useful tools when students use them for learning and research.`,
  `Computers are bad for people when they spend all day online. Kids stop playing outside and stop exercising because they want to stay on the computer playing games or chatting with friends. Families should limit screen time so children stay healthy and spend time with nature and with each other.`,
  `The internet lets people talk with family far away. My uncle lives overseas and we send him emails and video messages every week from our computer. Without computers we would only write letters and wait weeks for an answer, so technology keeps families close and helps people learn about other places.`,
  `Dear newspaper, computers have changed how we learn. Students research projects online, teachers post lessons on websites and libraries lend e-books. Still, people should not forget books and conversations. If we balance time on the computer with time outdoors, technology will help our town more than it hurts it.`,
  `Many adults use computers at work to write reports, manage money and talk with customers by email. Without computers, offices would be slow and businesses would lose money. Young people learn typing and internet skills at school, which will help them find jobs, so computers benefit society in many ways.`,
  `Video games and social media keep teenagers on computers late at night, and they come to school tired. I have seen friends spend hours online instead of doing homework or sports. Computers can teach us things, but parents need rules about screen time so the internet does not take over our lives.`,
];

const desertRide = `The cyclist set out across the desert on a hot morning with two bottles of water. The road was long and the old map showed a town that had closed years ago. Snakes crossed the cracked pavement, the hills were steep and the sun was beginning to beat down on his back. By noon his water was gone and his legs were shaking as he pushed on toward a distant building.`;

function preparedClass(extra: string[] = []): PreparedAssignment {
  const input = makeInput();
  const base = prepareAssignment(input, { spellChecker: fakeSpellChecker() });
  return prepareForClass(base, [...classTexts, ...extra].map((text) => analyzeForAssignment(base, text)));
}

const kindsOf = (prepared: PreparedAssignment, text: string): TextConcernKind[] =>
  concernsFor(analyzeForAssignment(prepared, text), prepared.classProfile).map((c) => c.kind);

describe("text checks", () => {
  it("find nothing to say about ordinary answers, inside the class or new to it", () => {
    const prepared = preparedClass();
    for (const text of [...classTexts, strongEssay]) expect(kindsOf(prepared, text)).toEqual([]);
  });

  it("send an answer to another prompt to review, with its confidence at most even odds", () => {
    const prepared = preparedClass([desertRide]);
    const analysis = analyzeForAssignment(prepared, desertRide);
    const concerns = concernsFor(analysis, prepared.classProfile);
    expect(concerns.map((c) => c.kind)).toEqual(["off-topic"]);
    expect(concerns[0]!.message).toBe("It shares few words with the rest of the class: it may answer another assignment.");
    expect(estimateScores(prepared, analysis).confidence).toBeLessThanOrEqual(doubtfulConfidence);
  });

  it("send to review a story that shares the class's everyday words (family, time) but nothing of the prompt's", () => {
    const lake = `Last summer my family spent a week at a lake with our cousins. Every day we swam, fished from the dock and ate pancakes in the morning. One night a storm came, and we played cards with our friends and told stories until midnight. It was the best time of the whole summer for our family, and we spend time together there every year.`;
    const prepared = preparedClass([lake]);
    expect(concernsFor(analyzeForAssignment(prepared, lake), prepared.classProfile).map((c) => c.kind)).toEqual(["off-topic"]);
  });

  it("do not judge the topic without a class to compare with", () => {
    const base = prepareAssignment(makeInput(), { spellChecker: fakeSpellChecker() });
    expect(base.classProfile).toBeUndefined();
    expect(kindsOf(base, desertRide)).toEqual([]);
  });

  it("count each distinct text of the class once, samples included", () => {
    const base = prepareAssignment(makeInput(), { spellChecker: fakeSpellChecker() });
    const twice = [...classTexts.slice(0, 2), ...classTexts.slice(0, 2)].map((text) => analyzeForAssignment(base, text));
    expect(classProfileOf(twice)).toBeUndefined();
    expect(classProfileOf(classTexts.slice(0, 5).map((text) => analyzeForAssignment(base, text)))).toBeDefined();
  });

  it("say when most of the words are not English words", () => {
    const gibberish = "xhf nittorq gjssbrm udnyrqpx jividhlh oswbhonk xbji ynekhj inpgx wqqnn yksgpji uwcvc dczfq lpd wxxxthag aqg mrgwgjx xaxezo gffobus qmvt plorb zzkt";
    const base = prepareAssignment(makeInput(), { spellChecker: fakeSpellChecker(gibberish.split(" ")) });
    const concerns = concernsFor(analyzeForAssignment(base, gibberish), undefined);
    expect(concerns.map((c) => c.kind)).toEqual(["not-words"]);
    expect(concerns[0]!.message).toBe("100% of its words are not in the English dictionary: it may be in another language, or not an answer.");
  });

  it("say when a text is in another script, however short", () => {
    const russian = "Компьютеры помогают людям учиться и общаться с друзьями, но дети должны гулять на улице.";
    const base = prepareAssignment(makeInput(), { spellChecker: fakeSpellChecker() });
    const concerns = concernsFor(analyzeForAssignment(base, russian), undefined);
    expect(concerns.map((c) => c.kind)).toEqual(["not-words"]);
    expect(concerns[0]!.message).toMatch(/^100% of its words are not in the English dictionary/);
    // A Russian name in an English answer is only a name.
    expect(kindsOf(base, `${classTexts[0]} My friend Дмитрий agrees.`)).toEqual([]);
  });

  it("do not take a weak speller's answer for one to another assignment", () => {
    const slips = ["compootrs", "studnts", "intrnet", "serch", "histry", "sience", "homewrk", "teechr", "emial", "usefull", "lerning", "reserch"];
    const spelled = "I think compootrs help studnts a grate deal. With a compootr I can serch the intrnet for facts about histry and sience, type my homewrk faster and send it to my teechr by emial. Some peple say compootrs waste time, but they are usefull tools when studnts use them for lerning and reserch.";
    const input = makeInput();
    const base = prepareAssignment(input, { spellChecker: fakeSpellChecker([...slips, "grate", "compootr", "peple"]) });
    const prepared = prepareForClass(base, [...classTexts.slice(1), spelled].map((text) => analyzeForAssignment(base, text)));
    expect(kindsOf(prepared, spelled)).toEqual([]);
  });

  it("say when the answer copies the prompt, or repeats itself", () => {
    const prepared = preparedClass();
    const prompt = makeInput().prompt;
    expect(kindsOf(prepared, `${prompt} ${prompt}`)).toContain("copied");
    const passage = "Computers help students learn about the world and talk with their families far away.";
    const repeated = Array.from({ length: 6 }, () => passage).join(" ");
    const concerns = concernsFor(analyzeForAssignment(prepared, repeated), prepared.classProfile);
    expect(concerns.map((c) => c.kind)).toEqual(["repeated"]);
    expect(concerns[0]!.message).toMatch(/^8\d% of it repeats passages it already has\.$/);
    // Quoting a line of the prompt inside an answer of one's own is not copying.
    expect(kindsOf(prepared, `${classTexts[0]} As the prompt says, "${prompt}"`)).toEqual([]);
  });

  it("say when a text is a fraction of what a class of essays wrote, without doubting its grade", () => {
    const base = prepareAssignment(makeInput(), { spellChecker: fakeSpellChecker() });
    // Essays of about a hundred words: two of the class's paragraphs each.
    const essays = classTexts.map((text, i) => `${text}\n\n${classTexts[(i + 1) % classTexts.length]}`);
    const prepared = prepareForClass(base, essays.map((text) => analyzeForAssignment(base, text)));
    const concerns = concernsFor(analyzeForAssignment(prepared, "Computers are good."), prepared.classProfile);
    expect(concerns).toEqual([
      { kind: "very-short", doubtsGrade: false, message: "It has 3 words where the class's texts have about 102: check the whole text arrived." },
    ]);
    // Many times the class's length (classmates' essays joined): the grade itself is in doubt.
    const joined = essays.join("\n\n");
    expect(concernsFor(analyzeForAssignment(prepared, joined), prepared.classProfile).filter((c) => c.kind === "very-long")).toEqual([
      { kind: "very-long", doubtsGrade: true, message: `It has ${analyzeForAssignment(prepared, joined).wordCount} words where the class's texts have about 102: check it is one student's answer.` },
    ]);
    // In a class of short answers (about fifty words) a one-line answer is an answer.
    expect(kindsOf(preparedClass(), "Computers are good.")).toEqual([]);
  });

  // Common words in no order, as a student might paste to fill a page: long and varied, which the features reward.
  const wordList = Array.from({ length: 12 }, () => "decade texas theft thigh skunk cowards orchestra window pepper nation quietly sharpen").join(" ");

  it("grade words that make no sentences at the bottom, held for review, with no comments on the writing", () => {
    const prepared = preparedClass([wordList]);
    const result = gradeWithAssignment(prepared, wordList);
    expect(result.concerns.map((c) => c.kind)).toEqual(["not-sentences"]);
    expect(result.concerns[0]!.message).toBe(
      "Only 0% of its words are the small words sentences are built on (the, of, to, and), where answers have a quarter or more: it may be a list of words, not an answer.",
    );
    expect(result.overallScore).toBe(result.scoreRange[0]);
    expect(result.criterionScores.every((c) => c.score === c.min)).toBe(true);
    expect(result.confidence).toBeLessThanOrEqual(doubtfulConfidence);
    expect(result.feedback).toBe("The words here do not form sentences, so there are no comments on the writing itself.");
    expect(result.criterionScores[0]!.rationale).toMatch(/the words do not form sentences; read it before this grade counts\.$/);
  });

  it("doubt the grade of an essay written without punctuation, and not of one that has it", () => {
    const prepared = preparedClass();
    const bare = strongEssay.replace(/[.,;:!?]/g, "");
    const concerns = concernsFor(analyzeForAssignment(prepared, bare), prepared.classProfile);
    const words = analyzeForAssignment(prepared, bare).wordCount;
    expect(words).toBeGreaterThanOrEqual(100);
    expect(concerns).toEqual([{ kind: "unpunctuated", doubtsGrade: true, message: `It has no punctuation in ${words} words, so the grader cannot tell where its sentences end: read it before the grade counts.` }]);
    expect(kindsOf(prepared, strongEssay)).toEqual([]);
    // The conventions comment says so first, not "check the spelling of" one word.
    expect(gradeWithAssignment(prepared, bare).feedback).toMatch(/Next step: put a full stop where each thought ends in "[^"]+", then do the same through the rest\./);
    expect(gradeWithAssignment(prepared, strongEssay).feedback).not.toMatch(/where each thought ends/);
  });

  it("read one run of letters longer than any word as no English, quickly, and grade it at the bottom", () => {
    // The dictionary knows no such word; the fake one here knows every word but the long run.
    const base = prepareAssignment(makeInput(), { spellChecker: { correct: (word) => word.length < 50 } });
    const prepared = prepareForClass(base, classTexts.map((text) => analyzeForAssignment(base, text)));
    const run = "b".repeat(200_000);
    const started = performance.now();
    const result = gradeWithAssignment(prepared, run);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.concerns.map((c) => c.kind)).toEqual(["not-words"]);
    expect(result.overallScore).toBe(result.scoreRange[0]);
  });
});
