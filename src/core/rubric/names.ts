/** What a criterion's name can look like, and the lines that are never criteria (totals, titles, prose). */

export const enumerationPattern = /^(?:(?:criterion|part|section|category)\s+\d+\s*[:.)\-–—]\s*|\(?\d{1,2}[.)]\s+|\(?[a-zA-Z][.)]\s+|[IVX]{1,4}\.\s+)/i;

export const levelWords =
  /^(exemplary|excellent|outstanding|exceptional|distinguished|advanced|accomplished|proficient|competent|strong|good|very good|satisfactory|adequate|acceptable|developing|emerging|approaching|basic|beginning|novice|fair|limited|weak|poor|minimal|inadequate|unsatisfactory|insufficient|incomplete|missing|needs (improvement|work)|not yet|partial|mastery|meets|exceeds|below|above|(exceeds|meets|approaching|below|above) (the )?(standards?|expectations?)|level \d|[A-F][+-]?|D\/F|excelente|sobresaliente|notable|bueno|suficiente|insuficiente|en desarrollo|inicial|logrado|en proceso|très bien|tres bien|bien|assez bien|insuffisant|satisfaisant|à améliorer|a ameliorer|non atteint|atteint|dépassé|depasse)$/i;

const notCriterionWords =
  /\b(worth|is|are|will|should|must|each|per|possible|graded|scored|rubric|scoring guide|grading|assignment|due|submit|total|add up|r[úu]brica|bar[èe]me|grille)\b/i;
/** Words that even a heading never holds: a heading with its points at the end may say "will" or "is". */
const neverInHeadings = /\b(worth|rubric|scoring guide|total|add up|r[úu]brica|bar[èe]me|grille)\b/i;
const notCriterionNames = /^(score|grade|points?|marks?|overall( score| grade| total)?|name|date|class|period|teacher|student|level|criteria|criterion|criterios?|crit[èe]res?|puntos|points obtenus)$/i;
const tableHeaderWords = /^(criteria|criterion|categor(y|ies)|levels?|scale|traits?|criterios?|crit[èe]res?)$/i;

/** A criterion's name has at most this many words: longer names are kept (the interface shortens them for display). */
export const longestName = 24;
/** ...and at most this many characters, the limit of a stored criterion's name (contracts/teacher-profile.ts). */
export const longestNameCharacters = 200;

/** "Criteria Excellent (10) Good (7)": a table's header row flattened into a line of text, not a criterion. */
export function looksLikeFlattenedHeader(name: string): boolean {
  const words = name.split(" ");
  return words.length > 1 && (tableHeaderWords.test(words[0] ?? "") || levelWords.test(words.at(-1) ?? ""));
}

export function cleanName(text: string): string {
  return text
    .replace(enumerationPattern, "")
    .replace(/^[\s:\-–—|,.]+|[\s:\-–—|,.=]+$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * `maxWords` is lower where nothing but the words says it is a name (a heading without points, a line with a colon).
 * `heading`: the line is a heading with its points in brackets at the end ("Explains how success will be measured
 * (25%)"), so words that mark prose elsewhere ("will", "is") are allowed.
 */
export function isCriterionName(name: string, maxWords = longestName, heading = false): boolean {
  if (!name || name.length > longestNameCharacters || !/^[\p{L}¿¡]/u.test(name)) return false;
  if (name.split(" ").length > maxWords || /[.!?]\s/.test(name)) return false;
  const prose = heading ? neverInHeadings : notCriterionWords;
  return !prose.test(name) && !notCriterionNames.test(name) && !levelWords.test(name);
}

/** A line stating a total ("Total: 100 points", "Grand total 100"); a section heading "Concept (total: 5 points)" is not one. */
export function isTotalLine(line: string): boolean {
  if (/^[\p{L}][^(]*\(\s*total\b/iu.test(line) && !/^\W*(grand\s+)?total\b/i.test(line)) return false;
  return (
    /^\W*(grand\s+)?(total|puntuaci[óo]n total|puntaje total|note totale|note finale)\b/i.test(line) ||
    (/\btotal\b/i.test(line) && /\d/.test(line) && line.length <= 60) ||
    /^(final|overall)\s+(score|grade|total)\b/i.test(line)
  );
}
