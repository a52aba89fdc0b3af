/**
 * Which of the teacher's assignments a question is about, and which criterion it names: matched against the
 * teacher's own titles and criteria, so nothing is guessed, and a title that matches nothing is said so.
 */
import { findAssignments } from "./answers";
import type { ClassAssignment } from "./class-data";
import { quote } from "./class-format";
import { listInProse } from "./text";
import { plural } from "../language/plural.js";

export interface Scope {
  assignments: ClassAssignment[];
  named?: ClassAssignment;
  /** A title the teacher wrote that matches no assignment, or more than one: the answer says so before the rest. */
  unmatched?: { said: string; candidates: ClassAssignment[] };
}

/**
 * A title the teacher meant, as opposed to "the class" or "my students": written with a capital, a digit or quotes.
 * Only such a fragment that matches nothing is worth saying so.
 */
const looksLikeTitle = (fragment: string) => /[A-Z0-9"“”]/.test(fragment);

/** The assignments a question is about: the one it names, else every assignment that is not archived. */
export function scope(message: string, assignments: ClassAssignment[], assignment?: string): Scope {
  const simple = (text: string) => text.toLowerCase().replace(/[^a-z0-9 ]+/g, " ").replace(/\s+/g, " ").trim();
  const said = ` ${simple(message)} `;
  const byTitle = assignments.filter((a) => simple(a.title).length > 2 && said.includes(` ${simple(a.title)} `));
  const longest = byTitle.sort((a, b) => b.title.length - a.title.length)[0];
  if (longest) return { assignments: [longest], named: longest };
  const fragment = assignment ?? /\b(?:for|in|on|of|from|with)\s+(?:the\s+|my\s+)?(.+?)\s*(?:assignment|essay|task)?\s*[?.!]*$/i.exec(message)?.[1];
  const matches = fragment ? findAssignments(fragment, assignments) : [];
  if (matches.length === 1) {
    const [only] = matches as [ClassAssignment];
    return { assignments: [only], named: only };
  }
  const all = assignments.filter((a) => a.status !== "archived");
  // Answering for every assignment as if for the one named gave a teacher figures of the wrong class.
  const wanted = fragment?.trim().replace(/[?.!]+$/, "");
  // "Who struggled with Evidence?" names a criterion, and "in Grade 7" a class: no title was meant.
  const namesCriterion = (text: string) => assignments.some((a) => namedCriterion(a, ` ${text.toLowerCase().replace(/[^a-z0-9 ]+/g, " ")} `));
  const isClassWord = (text: string) => /^(?:grade|year|period|class|block|section|form)\s*\d+$/i.test(text);
  if (wanted && (assignment || (looksLikeTitle(wanted) && !namesCriterion(wanted) && !isClassWord(wanted)))) return { assignments: matches.length ? matches : all, unmatched: { said: wanted, candidates: matches } };
  return { assignments: all };
}

export function unmatchedNote({ said, candidates }: NonNullable<Scope["unmatched"]>): string {
  if (candidates.length) return `${quote(said)} matches ${plural(candidates.length, "assignment")}: ${listInProse(candidates.map((a) => quote(a.title)))}. Here they are side by side; name one to see it alone.`;
  return `I found no assignment called ${quote(said)}, so this is for every assignment that is not archived. Ask again with its title as it is on your assignment list.`;
}

/** Words of a criterion's name that say nothing of which one it is ("Engagement with Sources" is not "with"). */
const criterionStopWords = new Set(["with", "from", "that", "this", "your", "their", "about", "into", "over", "and", "the", "use", "uses", "of"]);
const criterionWords = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length > 3 && !criterionStopWords.has(word));

/** The criterion a question names: the one with the most of its words in it, none when no word matches. */
export function namedCriterion(a: ClassAssignment, said: string): ClassAssignment["criteria"][number] | undefined {
  const ranked = a.criteria
    .map((criterion) => {
      const words = criterionWords(criterion.name);
      const hits = words.filter((word) => said.includes(` ${word} `)).length;
      return { criterion, hits, share: words.length ? hits / words.length : 0 };
    })
    .filter((entry) => entry.hits > 0)
    .sort((x, y) => y.share - x.share || y.hits - x.hits);
  return ranked[0]?.criterion;
}
