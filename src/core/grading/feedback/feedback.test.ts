import { beforeAll, describe, expect, it } from "vitest";
import { warmUpLanguage, warmUpTimeout } from "../../language/test-warm-up.js";
import { gradeText } from "../grade.js";
import { fakeSpellChecker, makeInput, strongEssay, weakEssay } from "../test-fixtures.js";
import { defaultGradingSettings, type FeedbackParts, type GradingInput, type GradingSettings } from "../types.js";
import { countQuoteWords } from "./passages.js";
import { assembleFeedback } from "./compose.js";
import { phraseOpening } from "./phrasing.js";
import { checkModelComment } from "./model-comments.js";

const options = { spellChecker: fakeSpellChecker() };
const grade = (text: string, settings: Partial<GradingSettings> = {}, extra: Partial<GradingInput> = {}) => gradeText(makeInput(settings, extra), text, options);

const middleEssay = `I think computers are mostly helpful for people. They let students look things up for school and they let people email thier friends. Some people play games to much, wich is a problem. But if parents set rules then kids can use computers for good things like homework.`;
const essays = [strongEssay, weakEssay, middleEssay];

const quotationsIn = (text: string) => [...text.matchAll(/"([^"]+)"|“([^”]+)”/g)].map((m) => m[1] ?? m[2] ?? "");
const sentencesOf = (parts: FeedbackParts) => parts.sections.flatMap((s) => s.sentences);

beforeAll(warmUpLanguage, warmUpTimeout);

describe("feedback anchored in the student's text", () => {
  it("quotes a verbatim passage of six words or more in every criterion comment, in quotation marks", () => {
    for (const essay of essays) {
      const { feedbackParts, feedback } = grade(essay, { feedbackLength: "detailed" });
      for (const section of feedbackParts.sections) {
        const quoted = section.sentences.flatMap((s) => quotationsIn(s.text));
        expect(quoted.length, section.heading).toBeGreaterThan(0);
        for (const q of quoted) {
          expect(essay.includes(q), q).toBe(true);
          expect(countQuoteWords(q)).toBeGreaterThanOrEqual(6);
          expect(feedback).toContain(`"${q}"`);
        }
      }
    }
  });

  it("corrects a slip it can guess and asks to check one it cannot, never 'correcting' a word to nothing", () => {
    const text = "We play kahoot in class and I dont mind the quizzes at all because they are quick and fun. The games help me remember facts for the test on the weekend and my friends agree.";
    const spell = { spellChecker: fakeSpellChecker(["kahoot", "dont"]) };
    const conventions = gradeText(makeInput({ feedbackLength: "detailed" }), text, spell).feedbackParts.sections.find((s) => s.label === "Conventions")!;
    expect(conventions.sentences.map((s) => s.text).join(" ")).toContain("correct ‘dont’ to ‘don't’ and check the spelling of ‘kahoot’ in the sentence");
  });

  it("corrects a day written in lower case to its capital, but never a slip to a rare name the dictionary knows", () => {
    const text = "On friday I had to cary my bag all the way home from school in the rain. The games help me remember facts for the test on the weekend and my friends agree.";
    // The dictionary knows "Cary" and "Friday" with their capitals only, as a real one does.
    const spellChecker = { correct: (word: string) => !["cary", "friday"].includes(word) };
    const conventions = gradeText(makeInput({ feedbackLength: "detailed" }), text, { spellChecker }).feedbackParts.sections.find((s) => s.label === "Conventions")!;
    const said = conventions.sentences.map((s) => s.text).join(" ");
    expect(said).toContain("‘friday’ to ‘Friday’");
    expect(said).toContain("check the spelling of ‘cary’");
    expect(said).not.toContain("‘Cary’");
  });

  it("puts each conventions comment under the criterion whose evidence it is when spelling and grammar are scored apart", () => {
    const text = "We play games in class and i like the quizzes a lot because they are quick and fun to do. The games help me remember facts becuase we answer the same questions again on the weekend.";
    const criteria = [
      { id: "ideas", name: "Ideas", maxPoints: 6, minPoints: 1, descriptors: [] },
      { id: "spelling", name: "Spelling", maxPoints: 6, minPoints: 1, descriptors: [] },
      { id: "grammar", name: "Grammar and punctuation", maxPoints: 6, minPoints: 1, descriptors: [] },
    ];
    const r = gradeText(makeInput({ feedbackLength: "detailed" }, { criteria }), text, { spellChecker: fakeSpellChecker(["becuase"]) });
    const section = (label: string) => r.feedbackParts.sections.find((s) => s.label === label)!.sentences.map((s) => s.text).join(" ");
    const slip = "The games help me remember facts becuase we answer the same questions again on the weekend.";
    expect(section("Spelling")).toContain("‘becuase’");
    expect(section("Spelling")).not.toContain("‘I’");
    expect(section("Grammar and punctuation")).not.toMatch(/becuase|[Ss]pelling slips/);
    expect(section("Grammar and punctuation")).toContain("‘I’ is written in lower case");
    const grammar = r.criterionScores.find((c) => c.criterionId === "grammar")!;
    expect(grammar.quotes).not.toContain(slip);
    expect(grammar.rationale).not.toContain("becuase");
  });

  it("asks to check the commas of a long sentence only when it has commas", () => {
    const long = "I think a four day week is good because students get more rest and teachers have more time to plan their lessons";
    const conventionsOf = (text: string) => grade(text).feedbackParts.sections.find((s) => s.label === "Conventions")!.sentences.map((s) => s.text).join(" ");
    expect(conventionsOf(`${long}. It is fun.`)).toContain(`read "${long}." aloud`);
    expect(conventionsOf(`${long}. It is fun.`)).toMatch(/add a comma where you pause( in your point about \w+)?, or split it in two/);
    expect(conventionsOf(`${long.replace(" because", ", because")}. It is fun.`)).toMatch(/check that each comma( in your point about \w+)? marks a real pause/);
  });

  it("gives a text mostly in another language no comments that list its words as slips", () => {
    const spanish = "Creo que nuestro distrito no debe cambiar la semana escolar porque los estudiantes necesitan tiempo para aprender y los padres trabajan todos los dias de la semana en la ciudad.";
    const r = gradeText(makeInput({}), spanish, { spellChecker: { correct: (word) => ["no", "la", "los", "de", "en", "a"].includes(word.toLowerCase()) } });
    expect(r.concerns.map((c) => c.kind)).toContain("not-words");
    expect(r.feedback).toBe("Most of the words here are not English words, so there are no comments on the writing itself.");
    expect(r.feedback).not.toContain("Creo");
    for (const c of r.criterionScores) expect(c.rationale).toMatch(/: most of the text is not English words; read it before this grade counts\.$/);
  });

  it("quotes the part of a long sentence that holds the words it names", () => {
    const long =
      "After reading about the districts that have tried a four-day week and talking with my neighbors who teach in two of them and with my older cousin who went through it in middle school, I think the shorter week is a very bad idea for our town.";
    const text = `${long} Students need time in class. Teachers need time to plan their lessons well.`;
    const wordChoice = gradeText(makeInput({ feedbackLength: "detailed" }), text, options).feedbackParts.sections.find((s) => s.label === "Word Choice")!;
    const step = wordChoice.sentences.find((s) => s.role === "step")!;
    expect(step.text).toBe('Next step: in "I think the shorter week is a very bad idea for our town.", replace ‘very bad’ with one stronger, exact word.');
    expect(step.quotes).toHaveLength(1);
    expect(step.quotes[0]).toContain("very");
  });

  it("asks for one stronger word in place of 'very' and the word it leans on, and never says the sentence's topic is what 'very' is vague about", () => {
    const text = "The cyclist rode into the desert at noon. The hot sun that was beating down on him made him very thirsty. He found an old pump and drank the water.";
    const wordChoice = gradeText(makeInput({ feedbackLength: "detailed" }), text, options).feedbackParts.sections.find((s) => s.label === "Word Choice")!;
    const said = wordChoice.sentences.map((s) => s.text).join(" ");
    expect(said).toContain("replace ‘very thirsty’ with one stronger, exact word");
    expect(said).not.toMatch(/‘very’ says little about/);
  });

  it("asks for what each kind of vague word leaves out: a quality, the things meant, an amount", () => {
    const stepFor = (sentence: string) => {
      const text = `${sentence} Students need time in class every day. Teachers need time to plan their lessons well.`;
      const wordChoice = gradeText(makeInput({ feedbackLength: "detailed" }), text, options).feedbackParts.sections.find((s) => s.label === "Word Choice")!;
      return wordChoice.sentences.find((s) => s.role === "step")!.text;
    };
    expect(stepFor("The new library is a great place for students after school.")).toContain("replace ‘great’ with the quality that makes the place great");
    expect(stepFor("Our computers are great for students after school.")).toContain("replace ‘great’ with the quality that makes computers great");
    expect(stepFor("There are many things to do in the new library after school.")).toContain("name what ‘things’ stands for");
    expect(stepFor("Students read a lot in the new library after school.")).toContain("replace ‘a lot’ with a number, an amount or how often");
    expect(stepFor("Some books are good and some are bad in the new library.")).toMatch(/replace ‘(?:good|bad)’ and ‘(?:good|bad)’ with the qualities you mean/);
    expect(stepFor("There are things to do and one thing to read in the library.")).toContain("stand for");
    expect(stepFor("He was a great ball-player on the school team last year.")).not.toContain("the ball great");
  });

  it("never calls a word vague where it says what it means: 'cool' before a noun, 'big brother'", () => {
    const wordChoice = (sentence: string) => {
      const text = `${sentence} Students need time in class every day. Teachers need time to plan their lessons well.`;
      return gradeText(makeInput({ feedbackLength: "detailed" }), text, options).feedbackParts.sections.find((s) => s.label === "Word Choice")!.sentences.map((s) => s.text).join(" ");
    };
    expect(wordChoice("I pressed my face to the cool steel of the lockers after the game.")).not.toContain("‘cool’");
    expect(wordChoice("My big brother drove me to the game after school.")).not.toContain("‘big’");
    expect(wordChoice("My sister has big dreams about the game after school.")).not.toContain("‘big’");
    expect(wordChoice("Losing the game after school is not good and not bad for us.")).not.toMatch(/‘good’|‘bad’/);
    expect(wordChoice("The new game at the arcade is really cool.")).toContain("‘cool’");
    // A feeling has no number to give, a greeting no quality to name, and "okay to fail" says "acceptable" plainly.
    expect(wordChoice("I could tell that the boy was in a lot of pain after the game.")).not.toContain("‘a lot’");
    expect(wordChoice("We wished the team good luck before the game after school.")).not.toContain("‘good’");
    expect(wordChoice("It is okay to lose the game after school sometimes.")).not.toMatch(/‘okay’/);
  });

  it("tells an essay written in capitals so, and never praises its spelling and punctuation", () => {
    const caps = "I THINK THE FOUR DAY WEEK IS A BAD IDEA FOR OUR TOWN. STUDENTS NEED TIME IN CLASS WITH THEIR TEACHERS EVERY DAY. PARENTS WORK ON FRIDAYS AND CANNOT STAY HOME WITH THEIR KIDS.";
    const conventions = grade(caps, { feedbackLength: "detailed" }).feedbackParts.sections.find((s) => s.label === "Conventions")!;
    const said = conventions.sentences.map((s) => s.text).join(" ");
    expect(said).toContain("The essay is written in capital letters throughout");
    expect(said).toContain('rewrite "I THINK THE FOUR DAY WEEK IS A BAD IDEA FOR OUR TOWN." with a capital letter only at the start of the sentence and for names');
    expect(said).not.toContain("spelled and punctuated correctly");
  });

  it("asks for no full stop after a section heading or a table row", () => {
    const text = [
      "Our district should keep the five-day week because students need every day of class to learn well.",
      "How the Four-Day Week Works in Other Districts",
      "In towns that tried it, the school day grew longer and the younger students were tired by the afternoon.",
      "Day 1 | 7 hours | 42 students",
      "That is why the five-day week is still the right choice for our schools and our families.",
    ].join("\n\n");
    const conventions = grade(text, { feedbackLength: "detailed" }).feedbackParts.sections.find((s) => s.label === "Conventions")!;
    expect(conventions.sentences.map((s) => s.text).join(" ")).not.toMatch(/full stop|no end punctuation/);
  });

  it("names no abbreviation or part of an essay as its topic", () => {
    const text = "My teacher Dr. Ruiz says homework helps. In conclusion, homework builds habits that last. Mrs. Lopez agrees with Dr. Ruiz about homework and habits.";
    const opening = grade(text).feedbackParts.opening!.text;
    expect(opening).toMatch(/^Your essay on /);
    expect(opening).not.toMatch(/Dr\.|conclusion|Mrs/);
  });

  it("counts a one-word answer in the singular", () => {
    expect(grade("Uniforms.").feedback).toContain("At 1 word, the essay");
  });

  it("gives a next step that quotes the student's own text", () => {
    for (const essay of essays) {
      const steps = sentencesOf(grade(essay).feedbackParts).filter((s) => s.role === "step");
      expect(steps.some((s) => quotationsIn(s.text).some((q) => essay.includes(q) && countQuoteWords(q) >= 6))).toBe(true);
    }
  });

  it("names misspelled and vague words in single quotation marks and quotes the sentence where they stand", () => {
    const conventions = grade(middleEssay).feedbackParts.sections.find((s) => s.label === "Conventions")!;
    const text = conventions.sentences.map((s) => s.text).join(" ");
    expect(text).toContain("Spelling slips such as ‘thier’ and ‘wich’");
    expect(text).toContain('check the spelling of ‘wich’ in the sentence about games and problem: "Some people play games to much, wich is a problem."');
    expect(quotationsIn(text).every((q) => countQuoteWords(q) >= 6)).toBe(true);
    const words = grade(middleEssay).feedbackParts.sections.find((s) => s.label === "Word Choice")!.sentences.map((s) => s.text).join(" ");
    expect(words).toMatch(/‘good’/);
    expect(words).toContain('"But if parents set rules then kids can use computers for good things like homework."');
  });

  it("suggests the intended spelling only when one word is clearly meant", () => {
    const text = grade(weakEssay).feedback;
    expect(text).toContain("‘becuase’ to ‘because’");
    expect(text).toContain("‘alot’ to ‘a lot’");
  });

  it("never praises a criterion scored in the bottom third, and leads a top-third one with its strength", () => {
    for (const essay of essays) {
      for (const feedbackLength of ["short", "standard", "detailed"] as const) {
        for (const section of grade(essay, { feedbackLength }).feedbackParts.sections) {
          const roles = section.sentences.map((s) => s.role);
          if (section.band === "low") expect(roles).not.toContain("strength");
          if (section.band === "high" && feedbackLength !== "short") expect(roles[0]).toBe("strength");
        }
      }
    }
  });

  it("changes the wording with the tone, never the facts: the same passages are quoted in every tone", () => {
    for (const essay of essays) {
      const byTone = (["gentle", "neutral", "direct"] as const).map((tone) => grade(essay, { tone }));
      const quotes = byTone.map((r) => r.feedbackParts.sections.map((s) => s.sentences.flatMap((x) => x.quotes)));
      expect(quotes[1]).toEqual(quotes[0]);
      expect(quotes[2]).toEqual(quotes[0]);
      expect(new Set(byTone.map((r) => r.feedback)).size).toBe(3);
      expect(byTone.map((r) => r.criterionScores)).toEqual([byTone[0]!.criterionScores, byTone[0]!.criterionScores, byTone[0]!.criterionScores]);
    }
    expect(grade(middleEssay, { tone: "gentle" }).feedback).toContain("A next step you could try:");
    expect(grade(middleEssay, { tone: "direct" }).feedback).toContain("Do this:");
  });

  it("shows more of the same findings as the length grows: short is the weakest fix and the strongest strength", () => {
    for (const essay of essays) {
      const short = grade(essay, { feedbackLength: "short" });
      const standard = grade(essay, { feedbackLength: "standard" });
      const detailed = grade(essay, { feedbackLength: "detailed" });
      const quotesOf = (r: typeof short) => new Set(sentencesOf(r.feedbackParts).flatMap((s) => s.quotes));
      for (const q of quotesOf(short)) expect(quotesOf(standard).has(q)).toBe(true);
      for (const q of quotesOf(standard)) expect(quotesOf(detailed).has(q)).toBe(true);
      expect(short.feedbackParts.sections.length).toBeLessThanOrEqual(2);
      expect(sentencesOf(short.feedbackParts).length).toBeLessThanOrEqual(3);
      expect(standard.feedbackParts.sections.length).toBe(4);
      expect(short.feedbackParts.opening).toBeUndefined();
      expect(standard.feedbackParts.opening).toBeDefined();
    }
  });

  it("puts strengths before what to fix when strengthsFirst is on, and after when it is off", () => {
    const roles = (strengthsFirst: boolean) => grade(strongEssay, { strengthsFirst }).feedbackParts.sections.map((s) => s.sentences.map((x) => x.role));
    expect(roles(true).filter((r) => r.includes("strength")).every((r) => r[0] === "strength")).toBe(true);
    expect(roles(false).filter((r) => r.includes("strength")).every((r) => r.at(-1) === "strength")).toBe(true);
  });

  it("renders the text from its parts: an opening, then each criterion under its heading", () => {
    const { feedback, feedbackParts } = grade(strongEssay);
    const blocks = feedbackParts.sections.map((s) => `${s.heading}\n${s.sentences.map((x) => x.text).join(" ")}`);
    expect(feedback).toBe([feedbackParts.opening!.text, ...blocks].join("\n\n"));
    expect(feedbackParts.sections.map((s) => s.heading)).toEqual(grade(strongEssay).criterionScores.map((c, i) => `${["Ideas and content", "Organization", "Word Choice", "Conventions"][i]} (${c.score}/6)`));
  });

  it("comments only on a one-criterion rubric's criterion, never on parts the rubric does not have", () => {
    const ideasOnly = [{ id: "ideas", name: "Ideas", maxPoints: 50, minPoints: 0, descriptors: ["Few or vague details.", "Main ideas developed with strong, relevant support."] }];
    const { feedback, feedbackParts } = grade(middleEssay, {}, { criteria: ideasOnly, scoreRange: [0, 50] });
    expect(feedbackParts.sections.map((s) => s.label)).toEqual(["Ideas"]);
    expect(feedbackParts.opening).toBeUndefined();
    expect(feedback).not.toMatch(/Organization|Conventions|Word choice|strongest in|every part of the rubric/);
  });

  it("names the point of a sentence with a slip it can see, but never calls it clear, direct or well made", () => {
    const text = [
      "I think computers helps people every day at school and at home, and my family agrees with me about it.",
      "Students uses them for homework and for talking to friends every night after dinner in the kitchen.",
      "My parents likes them too because they can pay the bills fast and read the news before they go to work.",
      "Teachers uses them to show videos about history and science in class, so the lessons is more fun to learn.",
      "Our computers is good for all of the people in our town, and the library has twenty of them for everyone.",
    ].join(" ");
    const content = grade(text, { feedbackLength: "detailed" }).feedbackParts.sections[0]!;
    const praise = content.sentences.filter((x) => x.role === "strength").map((x) => x.text).join(" ");
    expect(praise).not.toMatch(/clearly|directly|\bwell\b|clear reason/);
  });

  it("never gives two criteria on content the same sentence to build on", () => {
    const twoOnContent = [
      { id: "content", name: "Content", maxPoints: 4, minPoints: 0, descriptors: ["Ideas supported with details."] },
      { id: "adherence", name: "Prompt Adherence", maxPoints: 4, minPoints: 0, descriptors: ["Answers the question asked."] },
    ];
    const answer = "In 2019 my aunt Maria bought her first computer for 400 dollars. She uses it for 3 hours each night to study nursing at Lincoln College. My cousin Tom fixed 12 laptops for shops on Main Street last summer. I think computers make the lives of most families much better than before. Our school library lent 250 tablets to students in March.";
    const { feedbackParts } = grade(answer, { feedbackLength: "detailed" }, { criteria: twoOnContent, scoreRange: [0, 8] });
    const steps = feedbackParts.sections.flatMap((s) => s.sentences.filter((x) => x.role === "step" && x.quotes.length > 0).map((x) => x.quotes[0]));
    expect(new Set(steps).size).toBe(steps.length);
  });

  it("talks of moments in a story and of the text in an answer about a reading", () => {
    const story = `The day we waited for the bus in the snow was the longest day of my life. I was so cold. My little brother kept asking when it would come, and I told him to count the cars that passed. After an hour the bus finally slid around the corner with its lights blinking. We climbed on and the driver said sorry for being late. I learned that waiting is easier when you help someone else wait too.`;
    const narrative = grade(story, {}, { prompt: "Write a story about a time when you were patient." });
    expect(narrative.feedback).toMatch(/moment/);
    expect(narrative.feedback).not.toMatch(/claim|a second reason/);
    const answer = grade(middleEssay, {}, { prompt: "Describe the mood the author creates in the memoir. Support your answer with details from the memoir." });
    expect(answer.feedback).toMatch(/from the text/);
  });

  it("calls a short essay short without saying it has no example when it has one", () => {
    const withExample = grade("Computers help people learn new skills. For example, my cousin learned to code online and now builds websites for shops in our town. I think every school should teach coding.");
    expect(withExample.feedback).toMatch(/too briefly: each reason and example needs a sentence or two/);
    expect(withExample.feedback).not.toMatch(/no example/);
    const withoutExample = grade("Computers are good for people. They help people do a lot of things every day. I think they are useful for everyone.");
    expect(withoutExample.feedback).toMatch(/the essay is too short to develop the point about [a-z ]+ with reasons and examples/);
    expect(withoutExample.feedback).not.toMatch(/only one reason/);
    // "This example" is said only of the sentence praised for its detail, never of another.
    const detailElsewhere = grade("I think people should use computers every day because they make life easier. My aunt is Maria. Computers help us learn and talk to our friends and family.");
    expect(detailElsewhere.feedback).not.toMatch(/why this example proves/);
  });

  it("never says a claim given with its reason is not yet shown with a reason", () => {
    const essay = [
      "I think the school should keep the library open after classes for every student who wants to stay.",
      "Students should have a quiet place to work because many homes are loud in the evening.",
      "The library is the right place for that.",
      "Students should be able to use the computers there to finish their projects.",
      "This is because many families do not have one at home and the public library closes early.",
      "Parents would also be glad to know where their children are after school each day of the week.",
      "Teachers could stay for an hour to help students with the work they found hard in class.",
      "In the end, a library open late helps students, parents and teachers alike, and it costs the school very little.",
    ].join(" ");
    // The claim about the computers is followed by "This is because...": it was called "not yet shown with a reason".
    expect(grade(essay, { feedbackLength: "detailed" }).feedback).not.toMatch(/not yet shown with an example or a reason/);
    const slang = essay.replace("This is because many families", "Cause many families");
    expect(grade(slang, { feedbackLength: "detailed" }).feedback).not.toMatch(/not yet shown with an example or a reason/);
  });

  it("says there is nothing to comment on when no text was submitted", () => {
    const result = grade("");
    expect(result.feedback).toBe("There is no writing here yet to give feedback on.");
    expect(result.criterionScores.every((c) => c.quotes.length === 0)).toBe(true);
  });
});

describe("checking a model's comments against the essay", () => {
  const essay = "Computers help people learn. For example, my cousin used the internet to study the history of Peru.";

  it("keeps parts whose quotations are verbatim and counts one of six words or more as a quotation", () => {
    const checked = checkModelComment(essay, { criterionId: "a", strength: 'You show it: "my cousin used the internet to study the history of Peru".', problem: 'Only "Computers help people learn." is general.', nextStep: "" });
    expect(checked.hasQuotation).toBe(true);
    expect(checked.strength?.quotes).toEqual(["my cousin used the internet to study the history of Peru"]);
    expect(checked.problem?.quotes).toEqual([]);
    expect(checked.dropped).toBe(0);
  });

  it("drops a part that quotes words the essay does not contain", () => {
    const checked = checkModelComment(essay, { criterionId: "a", strength: 'You write "computers will save the whole world one day".', problem: "", nextStep: 'Add a second example after "Computers help people learn."' });
    expect(checked.strength).toBeUndefined();
    expect(checked.dropped).toBe(1);
    expect(checked.hasQuotation).toBe(false);
    expect(checked.step?.text).toBe('Add a second example after "Computers help people learn."');
  });
});

describe("feedback in the words of the assignment's type", () => {
  const memoirPrompt = "Describe the mood created by the author in the memoir. Support your answer with relevant and specific information from the memoir.";
  const memoirSource = "Narciso Rodriguez, from Home: The Blueprints of Our Lives. My parents, originally from Cuba, arrived in the United States in 1956.";
  const memoirIdeas = (answer: string) =>
    grade(answer, { feedbackLength: "detailed" }, { assignmentType: "other", prompt: memoirPrompt, sourceText: memoirSource }).feedbackParts.sections.find((s) => s.label === "Ideas and content")!;

  const labReport = `Purpose
To find out how water temperature changes the time an antacid tablet takes to dissolve.

Procedure
We filled three beakers with 200 mL of water at 10, 25 and 45 degrees. We dropped one tablet in each beaker and started the stopwatch. We stopped it when the fizzing ended.

Results
The tablet took 62 seconds in cold water and 31 seconds at 25 degrees. In hot water it took 17 seconds. The warmer water made the tablet dissolve faster every time.

Conclusion
Our hypothesis was supported because the particles move faster when the water is warm. Next time we would repeat each trial three times.`;
  const story = `The bus was late again, and Mia stood at the corner with her hands in her pockets. Snow fell on the empty street. She counted the lights in the windows across the road. Then a dog ran past her, dragging its leash through the snow. She chased it down the hill and caught the leash just before the river. An old man waved from the bridge and shouted his thanks. When the bus finally came, Mia was smiling, and she did not mind the cold at all.`;

  it("calls a lab report a report and its sections sections, never an essay with reasons", () => {
    const { feedback } = grade(labReport, { feedbackLength: "detailed" }, { assignmentType: "lab_report", prompt: "Write a lab report on how temperature affects dissolving." });
    expect(feedback).toMatch(/\b(?:Your|your) report\b|Report on/);
    expect(feedback).not.toMatch(/\bessay\b|Another reason is|a second reason/);
  });

  it("never asks a line of working to begin with a capital", () => {
    const working = "The cart speeds up because the net force pushes it forward. a = F_net / m = 6.0 N / 4.0 kg = 1.5 m/s^2 for the first cart. The second cart is heavier, so it speeds up less than the first one did.";
    const conventions = grade(working, { feedbackLength: "detailed" }, { assignmentType: "other" }).feedbackParts.sections.find((s) => s.label === "Conventions")!;
    expect(conventions.sentences.map((s) => s.text).join(" ")).not.toMatch(/capital/);
  });

  it("never takes a thesis that names the memoir's author for a detail from the text", () => {
    const answer = "The mood created by Narciso Rodriguez in the memoir is a warm and grateful feeling. His parents made their home a place where everyone was welcome. They cooked for friends and family who needed help.";
    const ideas = memoirIdeas(answer);
    const said = ideas.sentences.map((s) => s.text).join(" ");
    expect(said).not.toMatch(/points to the text|how this detail supports/);
    expect(said).toContain("does not show where the text supports it");
  });

  it("never takes the student's claim about the author for a detail from the text", () => {
    const answer = "The author creates a very happy and grateful mood in this memoir about his family. His home was always full of people who needed a place to stay. Everyone was welcome at their table.";
    const ideas = memoirIdeas(answer);
    const said = ideas.sentences.map((s) => s.text).join(" ");
    expect(said).not.toMatch(/points to the text|how this detail supports|detail from the text: .The author creates/);
    expect(said).toContain("add a specific detail from the text");
  });

  it("never asks for a detail from the text after a sentence that gives one", () => {
    const answer = "The mood of the memoir is grateful. In the text it says, his parents always opened their small apartment in Newark to friends and family members who had nowhere else to stay, and they cooked Cuban meals for everyone who came to their door every single night of the week. They were kind. He was thankful. I liked it so much.";
    const ideas = memoirIdeas(answer);
    const said = ideas.sentences.map((s) => s.text).join(" ");
    expect(said).not.toMatch(/stays general|after "In the text it says[^"]*", add a detail/);
  });

  it("tells an answer that only repeats the question's words that it does not answer yet, never that it names the point", () => {
    const ideas = memoirIdeas("The mood created by the author in the memoir.");
    const said = ideas.sentences.map((s) => s.text).join(" ");
    expect(said).toContain("mostly repeats the question's words, so it does not yet give an answer of its own");
    expect(said).not.toMatch(/names the point|points to the text/);
  });

  it("never takes a story's title in quotation marks for a detail from the text, but takes a quotation", () => {
    const prompt = "Write a response that explains how the features of the setting affect the cyclist. Support your conclusion with examples from the essay.";
    const sourceText = "Rough Road Ahead: Do Not Exceed Posted Speed Limit. I rode into the morning with strong legs and a smile on my face.";
    const answer = "In the story “Rough Road Ahead: Do Not Exceed Posted Speed Limit,” the setting affects the cyclist a great deal. The heat and the hills make him tired and thirsty. He has no water left and the towns he reaches are empty.";
    const ideas = grade(answer, { feedbackLength: "detailed" }, { assignmentType: "other", prompt, sourceText }).feedbackParts.sections.find((s) => s.label === "Ideas and content")!;
    expect(ideas.sentences.map((s) => s.text).join(" ")).not.toMatch(/points to the text|how this detail supports|with a detail from the text: .In the story/);
    // A title the student did not capitalise is still a title after "the poem", "the story" or "titled".
    const lowerTitle = answer.replace("“Rough Road Ahead: Do Not Exceed Posted Speed Limit,”", "“Do not exceed speed limit,”");
    const lowerIdeas = grade(lowerTitle, { feedbackLength: "detailed" }, { assignmentType: "other", prompt, sourceText }).feedbackParts.sections.find((s) => s.label === "Ideas and content")!;
    expect(lowerIdeas.sentences.map((s) => s.text).join(" ")).not.toMatch(/points to the text|how this detail supports|with a detail from the text: .In the story/);
    const quoting = grade(`${answer} He says the water “tasted like battery acid” when he finally found a pump.`, { feedbackLength: "detailed" }, { assignmentType: "other", prompt, sourceText });
    expect(quoting.feedbackParts.sections.find((s) => s.label === "Ideas and content")!.sentences.map((s) => s.text).join(" ")).toMatch(/battery acid/);
  });

  it("never asks for a detail from the text right after a sentence the next one backs up with a quotation", () => {
    const prompt = "Based on the excerpt, describe the obstacles the builders faced in attempting to allow dirigibles to dock there. Support your answer with information from the excerpt.";
    const answer = 'The builders of the mast ran into several serious problems with the dirigibles. One problem was that most foreign blimps used a gas that burns very easily in the air. "Hydrogen is highly flammable," the author writes about the danger over a crowded city. In 1930 the winds at 1,250 feet were "constantly shifting" according to the excerpt. In the end the builders simply gave up on the whole idea of docking blimps at the top of the building.';
    const ideas = grade(answer, { feedbackLength: "detailed" }, { assignmentType: "other", prompt, sourceText: "Hydrogen is highly flammable. The winds were constantly shifting." }).feedbackParts.sections.find((s) => s.label === "Ideas and content")!;
    const said = ideas.sentences.map((s) => s.text).join(" ");
    expect(said).toContain("add a detail from the text");
    expect(said).not.toMatch(/after "(?:One problem|In the end)/);
  });

  it("calls a short answer an answer and asks for what the question asks, never an essay's reasons and experience", () => {
    const prompt = "Starting with mRNA leaving the nucleus, list and describe four major steps involved in protein synthesis.";
    for (const answer of ["The mRNA leaves the nucleus and goes to the ribosome. The tRNA brings amino acids that match the codons.", "translation"]) {
      const { feedback } = grade(answer, { feedbackLength: "detailed" }, { assignmentType: "other", prompt });
      expect(feedback).toMatch(/\b(?:Your|your|the) answer\b/);
      expect(feedback).not.toMatch(/\bessay\b|a second reason|own experience|Another reason is|beginning, middle and end/);
    }
  });

  it("calls a story a story and links its moments with Then or Later, not reasons", () => {
    const { feedback } = grade(story, { feedbackLength: "detailed" }, { assignmentType: "creative_writing", prompt: "Write a short story about an unexpected moment." });
    expect(feedback).toMatch(/\b(?:Your|your) story\b|Story on/);
    expect(feedback).not.toMatch(/\bessay\b|Another reason is|a second reason|objection/);
  });
});

describe("advice on how the essay closes", () => {
  const body = `Dear editor, I believe computers help families more than they harm them. They let us stay in touch with relatives who live far away.

First, my grandmother lives in another state, and we talk to her every Sunday on video. Second, computers help students learn, because we can read about any subject in the library's online books. However, some people spend too much time on games.

`;
  const closingAdvice = (text: string) => grade(text, { feedbackLength: "detailed" }).feedback.match(/add a closing sentence[^.]*/)?.[0];

  it("gives none to a letter that concludes before its sign-off, or whose last sentence comes back to its topic", () => {
    expect(closingAdvice(`${body}In conclusion, families should keep their computers and set fair limits on them.\n\nSincerely,\nMaya Torres`)).toBeUndefined();
    expect(closingAdvice(`${body}Parents can set limits, and then computers will do families much more good than harm.`)).toBeUndefined();
  });

  it("asks for one when the essay stops on a new point", () => {
    expect(closingAdvice(`${body}My cousin also plays the violin in an orchestra on weekends.`)).toBeDefined();
  });
});

describe("where a run-on sentence is split", () => {
  const fluency = { criteria: [{ id: "fluency", name: "Sentence Fluency", maxPoints: 6, minPoints: 1, descriptors: [] }] };
  const stepFor = (long: string) =>
    grade(`Computers help families. They help students learn. ${long} Parents should set limits.`, { feedbackLength: "detailed" }, fluency).feedback.match(/just before ‘(\w+)’/)?.[1];

  it("is before a join that a new clause follows, not inside a phrase that would be left a fragment", () => {
    expect(
      stepFor("The same computer that keeps a teenager indoors can also show him a hiking map of the state park or a video that teaches him to juggle a soccer ball in the yard after school with his friends from the neighbourhood on a sunny afternoon."),
    ).toBeUndefined();
    expect(
      stepFor("I urge the readers of this newspaper to see the computer not as an enemy of family life but as one of its strongest allies for the families of our town and for the students in every classroom of every school in the state."),
    ).toBeUndefined();
    expect(
      stepFor("My grandmother lives in Mexico and we talk every Sunday through video calls which means she watches my brother grow up even from far away in another country where she has lived for more than forty years with her sisters."),
    ).toBe("and");
  });

  it("is never before 'because' or 'if', whose sentence would be a fragment, nor at a comma with no verb before it", () => {
    const long = "In conclusion, computers are a big help to people because they let us learn about places we have never seen and talk to people we have never met in countries very far away from our own homes.";
    expect(stepFor(long)).toBeUndefined();
  });
});

describe("two criteria read the same way", () => {
  it("never repeat a sentence: a section with nothing new points to the one that said it", () => {
    const problem = { role: "problem" as const, text: "The statement about dirigibles stays general.", quotes: [] };
    const step = { role: "step" as const, text: 'Next step: after "Obstacles to docking", add a detail from the text.', quotes: ["Obstacles to docking"] };
    const aspect = (label: string) => ({ label, kind: "content" as const, fraction: 0.1 });
    const settings = { ...defaultGradingSettings, feedbackLength: "detailed" as const };
    const { sections } = assembleFeedback(
      [
        { aspect: aspect("Content"), problem, step },
        { aspect: aspect("Prompt Adherence"), problem, step },
        { aspect: aspect("Evidence"), problem: { ...problem, text: "Another finding." }, step },
      ],
      settings,
      () => undefined,
    );
    expect(sections.map((section) => section.sentences.map((x) => x.text))).toEqual([
      [problem.text, step.text],
      ["The comment under ‘Content’ applies here too."],
      ["Another finding."],
    ]);
  });
});

describe("the opening's strongest and weakest parts", () => {
  const step = { role: "step" as const, text: "Next step: add one more reason.", quotes: [] };
  const openingFor = (fractions: number[]) => {
    const phrased = fractions.map((fraction, i) => ({ aspect: { label: `Part ${i + 1}`, kind: "content" as const, fraction }, step }));
    return assembleFeedback(phrased, { ...defaultGradingSettings, feedbackLength: "standard" }, (ranking) => phraseOpening("neutral", "homework", ranking)).opening?.text;
  };

  it("names one part at each end when they stand alone", () => {
    expect(openingFor([0.4, 0.8, 0.6])).toBe("Your essay on homework is strongest in Part 2 and needs the most work in Part 1.");
  });

  it("names every part of a tie, never one of them as if it stood alone", () => {
    expect(openingFor([0.4, 0.8, 0.8, 0.4])).toBe("Your essay on homework is strongest in Part 2 and Part 3 and needs the most work in Part 1 and Part 4.");
  });

  it("says most parts are at about the same level when more than three tie at the top", () => {
    expect(openingFor([0.4, 0.4, 0.4, 0.4, 0.2, 0.3])).toBe("Your essay on homework is at about the same level on most parts of the rubric and needs the most work in Part 5.");
    expect(openingFor([0.6, 0.4, 0.4, 0.4, 0.4])).toBe("Your essay on homework is strongest in Part 1, with the other parts of the rubric at about the same level.");
  });

  it("says the same level only when every part is at it", () => {
    expect(openingFor([0.5, 0.5, 0.5])).toBe("Your essay on homework is at the same level on every part of the rubric.");
  });
});

describe("a weak speller's essay", () => {
  const text = `Computors change the lives of people in many ways. Frist, computors help students find facts for school projects. Secound, families use computors to talk with relatives who live far away. Thrid, computors teach job skills such as typing. Some people play games on computors for too long. Parents should set limits on computors at home.`;
  const spell = { spellChecker: fakeSpellChecker(["computors", "frist", "secound", "thrid", "Computors", "Frist", "Secound", "Thrid"]) };
  const { feedback } = gradeText(makeInput({ feedbackLength: "detailed" }), text, spell);

  it("is not told its points have no linking words when 'Frist' and 'Secound' link them", () => {
    expect(feedback).not.toMatch(/without words that show how they connect/);
  });

  it("is not asked to swap a misspelled word for a more exact one", () => {
    expect(feedback).not.toMatch(/swap ‘computors’|‘computors’ appears/i);
  });
});
