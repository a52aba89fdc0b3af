import { longestNameCharacters } from "./names.js";
import { lineKey, type ParsedCriterion } from "./types.js";

/** A reading proposed by a language model, before it is checked against the document. */
export interface ProposedCriterion {
  name: string;
  maxPoints: number;
  descriptors: string[];
}

const comparable = (text: string) => lineKey(text).toLowerCase().replace(/[‘’]/g, "'").replace(/[“”]/g, '"');

/**
 * A model's reading is offered only when it is the document's own: every criterion name occurs in the text (and fits
 * a stored name's 200 characters), points are between 0 and 1000, and no name repeats. Descriptors the text does not contain are dropped (a model may
 * summarise or invent them). Returns undefined when the reading fails any check, so nothing unverified is shown.
 */
export function checkProposedReading(text: string, proposal: ProposedCriterion[]): ParsedCriterion[] | undefined {
  const document = comparable(text);
  const names = new Set<string>();
  const criteria: ParsedCriterion[] = [];
  for (const item of proposal) {
    const name = lineKey(item.name);
    if (!name || name.length > longestNameCharacters || !document.includes(comparable(name)) || names.has(name.toLowerCase())) return undefined;
    if (!Number.isFinite(item.maxPoints) || item.maxPoints <= 0 || item.maxPoints > 1000) return undefined;
    names.add(name.toLowerCase());
    criteria.push({ name, maxPoints: item.maxPoints, descriptors: item.descriptors.map(lineKey).filter((d) => d && document.includes(comparable(d))) });
  }
  return criteria.length > 0 ? criteria : undefined;
}
