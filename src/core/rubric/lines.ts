import { cleanName, isCriterionName, isTotalLine, levelWords, looksLikeFlattenedHeader, enumerationPattern } from "./names.js";
import { highestPoints, pointsSource, rangeSource, unit } from "./points.js";
import { lineKey, type DraftCriterion } from "./types.js";
import { takeWeight, weightOnly, type Weight } from "./weights.js";

interface CriterionLine {
  name: string;
  /** "Concept (total: 5 points)": a section whose items carry the points. */
  isSection: boolean;
  points: number;
  isRange: boolean;
  hasUnit: boolean;
  description: string | undefined;
  weight: Weight | undefined;
}

interface Section {
  /** maxPoints stays undefined until a heading without points meets its first level with points. */
  criterion: DraftCriterion;
  /** "section": a heading with a total ("Concept (total: 5 points)") whose items, with their points, are its descriptors. */
  kind: "heading" | "item" | "section";
  hasLevels: boolean;
  levelMax: number | undefined;
  pointsFromLevels?: boolean;
}

const bulletPattern = /^[-–—•*·▪◦○●■□➢►✓]\s*/;
const pointsAnywhere = new RegExp(pointsSource, "i");
const rangePattern = new RegExp(String.raw`\d\s*(?:-|–|—|to)\s*\d`);
const unitPattern = new RegExp(unit + "|/|out of", "i");
const criterionAtStart = new RegExp(
  String.raw`^(?<name>[\p{L}¿¡](?:(?!\s(?:-{1,2}|–|—)\s)(?:[^:(\[|]|\((?!\s*(?:total\s*:?\s*|out\s+of\s+)?\d)[^()]*\)))*?)\s*(?:(?:[:|,]|-{1,2}|–|—)\s*)?(?<points>${pointsSource})(?:\s*(?:[:\-–—|.]\s*|\s+)(?<description>.*))?$`,
  "iu",
);
const criterionAtEnd = new RegExp(
  String.raw`^(?<name>[\p{L}][^:(\[|–—]{0,60}?)\s*[:\-–—|]\s+(?<description>.+?)\s*[-–—,]?\s*(?<points>\(\s*${rangeSource}\s*${unit}?\s*\)|${rangeSource}\s*${unit})\.?$`,
  "iu",
);
const levelByPoints = new RegExp(String.raw`^\(?\s*${rangeSource}\s*${unit}?\s*\)?\s*(?:[:\-–—=.)]\s*|\s+)(?=\S)`, "i");
const levelByLabel = new RegExp(
  String.raw`^(?<label>[\p{L}][\p{L}\p{N}' /&+]{0,40}?)\s*(?<points>\(\s*${rangeSource}\s*${unit}?\s*\)|${rangeSource}\s*${unit}?)?\s*[:\-–—]\s+\S`,
  "iu",
);

/** One line of the document, by its text (as the import compares lines) and its place. */
interface Line {
  text: string;
  source: string[];
  /** A table row pasted as text: read here only as an item of a checklist section (the table readers take the rest). */
  tabbed: boolean;
}

export interface LinesReading {
  criteria: DraftCriterion[];
  used: Set<string>;
}

const columnHeadingWords = /^(items?|criteri(a|on)|points?( possible| earned)?|possible|earned|score|pts|max(imum)?|comments?|self|teacher|yes|no|y\/n)$/i;

/**
 * Headed sections ("Thesis (20 points)" then level lines), checklist sections ("Concept (total: 5 points)" then items
 * with points), and lists ("Evidence - 25 pts: ..."). With `withoutPoints`, a heading followed by named levels and a
 * "Name: description" line are criteria too (a rubric without points), which the import accepts only when no
 * reading found points.
 */
export function readLines(text: string, options: { withoutPoints?: boolean } = {}): LinesReading {
  const lines = joinWrappedHeadings(
    text
      .split("\n")
      .map((line) => ({ text: line.replace(/\t+/g, " — ").replace(/\s+/g, " ").trim(), key: lineKey(line), tabbed: line.includes("\t") }))
      .filter((line) => line.text.length > 0 && line.text !== "—")
      .flatMap(splitHeadingAfterSentence),
  );
  const sections: Section[] = [];
  const used = new Set<string>();
  let current: Section | undefined;
  const use = (line: Line) => line.source.forEach((source) => used.add(source));

  lines.forEach((line, index) => {
    const hasBullet = bulletPattern.test(line.text);
    const stripped = stripMarkers(line.text);
    const criterion = line.tabbed ? undefined : matchCriterion(stripped);
    // "Weighting: 2" under a heading weighs that criterion (the import applies it or says why not).
    const ownWeight = current && !line.tabbed && !current.criterion.weight ? weightOnly(stripped) : undefined;
    if (current && ownWeight) {
      current.criterion.weight = ownWeight;
      use(line);
      return;
    }
    if (criterion?.isSection) {
      current = newSection(criterion, "section");
      sections.push(current);
      use(line);
      return;
    }
    if (isTotalLine(stripped)) {
      current = undefined;
      use(line);
      return;
    }
    if (line.tabbed && current?.kind !== "section") return;
    if (current?.kind === "section") {
      if (isColumnHeadings(line.text)) {
        use(line);
        return;
      }
      if (criterion || hasBullet || /\d/.test(stripped)) {
        current.criterion.descriptors.push(stripped.replace(/(\s+—)+\s*$/, ""));
        use(line);
        return;
      }
    }
    if (current?.kind === "heading" && belongsToHeading(stripped, hasBullet, criterion, current, options.withoutPoints)) {
      addLevel(current, stripped);
      use(line);
      return;
    }
    if (criterion) {
      current = newSection(criterion, criterion.description ? "item" : "heading");
      sections.push(current);
      use(line);
      return;
    }
    if (isHeadingWithoutPoints(stripped, lines[index + 1]?.text, options.withoutPoints)) {
      current = { criterion: { name: cleanName(stripped), maxPoints: undefined, descriptors: [], levels: 0 }, kind: "heading", hasLevels: false, levelMax: undefined };
      sections.push(current);
      use(line);
      return;
    }
    const named = options.withoutPoints ? nameAndDescription(stripped) : undefined;
    if (named && current?.kind !== "heading") {
      current = { criterion: { name: named.name, maxPoints: undefined, descriptors: [named.description], levels: 0 }, kind: "item", hasLevels: false, levelMax: undefined };
      sections.push(current);
      use(line);
      return;
    }
    if (!current) return;
    const descriptors = current.criterion.descriptors;
    const last = descriptors.at(-1);
    if (last !== undefined && !/[.!?:;)]$/.test(last) && /^[\p{Ll}(]/u.test(stripped)) {
      descriptors[descriptors.length - 1] = `${last} ${stripped}`;
      use(line);
      return;
    }
    if (current.kind === "item") {
      if (hasBullet || levelByPoints.test(stripped) || isLevelLabel(stripped)) {
        addLevel(current, stripped);
        use(line);
      }
      return;
    }
    // A heading followed by prose: the prose describes the criterion (until level lines take over).
    // A sentence about points ("The weights add up to 100%.") is about the rubric, not this criterion.
    const aboutPoints = /[.!?]$/.test(stripped) && pointsAnywhere.test(stripped);
    if (current.kind === "heading" && !current.hasLevels && !aboutPoints) {
      descriptors.push(stripped);
      use(line);
    }
  });

  const criteria = sections
    .map(({ criterion }) => criterion)
    .filter((criterion) => criterion.maxPoints !== undefined || options.withoutPoints);
  return { criteria, used };
}

function newSection(criterion: CriterionLine, kind: Section["kind"]): Section {
  return {
    criterion: {
      name: criterion.name,
      maxPoints: criterion.points,
      descriptors: criterion.description ? [criterion.description] : [],
      levels: 0,
      ...(criterion.weight ? { weight: criterion.weight } : {}),
    },
    kind,
    hasLevels: false,
    levelMax: undefined,
  };
}

/** "Item — Points possible — Earned": the column headings of a checklist pasted as text. */
function isColumnHeadings(line: string): boolean {
  const cells = line.split(/\s+—\s+/).map((cell) => cell.trim()).filter(Boolean);
  return cells.length >= 2 && cells.every((cell) => columnHeadingWords.test(cell));
}

/** "Summary: Tell what happens in the book." A criterion of a rubric without points. */
function nameAndDescription(line: string): { name: string; description: string } | undefined {
  const match = line.match(/^([\p{L}¿¡][^:]{1,60}?)\s*:\s+(\S.*)$/u);
  if (!match) return undefined;
  const name = cleanName(match[1]!);
  return isCriterionName(name, 6) && !looksLikeFlattenedHeader(name) ? { name, description: match[2]!.trim() } : undefined;
}

/**
 * "…motivated by the data set. Methods including the choice of tests (20%)": a PDF paragraph that ran a description
 * into the next heading is two lines again. "2. Data Recording (15 points)" is one numbered heading: its "2." is no
 * sentence.
 */
function splitHeadingAfterSentence(line: { text: string; key: string; tabbed: boolean }) {
  const match = line.text.match(/^(.*?[.!?])\s+(\p{Lu}[^.!?]*\(\s*\d[^()]*\))$/u);
  if (line.tabbed || !match || line.text.replace(enumerationPattern, "") === match[2] || !matchCriterion(match[2]!)) return [line];
  return [{ ...line, text: match[1]! }, { ...line, text: match[2]! }];
}

/**
 * A heading that wraps in a PDF ("Results (including statistics exercises and" / "interpretation) (20%)") is one
 * criterion: a line without points joins the next when the next starts in lower case or closes a bracket and the
 * two together read as a criterion.
 */
function joinWrappedHeadings(texts: Array<{ text: string; key: string; tabbed: boolean }>): Line[] {
  const lines: Line[] = [];
  for (let i = 0; i < texts.length; i++) {
    const { text, key, tabbed } = texts[i]!;
    const next = texts[i + 1];
    if (next && !tabbed && !next.tabbed && !matchCriterion(stripMarkers(text)) && /^[\p{Ll}(]|^[^(]*\)/u.test(next.text) && text.length <= 120 && !/[.!?:;]$/.test(text)) {
      const joined = `${text} ${next.text}`;
      if (matchCriterion(stripMarkers(joined))) {
        lines.push({ text: joined, source: [key, next.key], tabbed: false });
        i++;
        continue;
      }
    }
    lines.push({ text, source: [key], tabbed });
  }
  return lines;
}

function stripMarkers(line: string): string {
  let text = line.replace(bulletPattern, "");
  // "1. Evidence" is numbering, "18-20: ..." and "2.5 pts" are not.
  if (!levelByPoints.test(text) || /^\(?[a-zA-Z][.)]\s/.test(text) || /^\(?\d{1,2}[.)]\s+\p{L}/u.test(text)) text = text.replace(enumerationPattern, "");
  return text.trim();
}

function matchCriterion(text: string): CriterionLine | undefined {
  // "Thesis x2 - 10 pts", "Thesis (10 points) (Weighting 2)": read without the weight, which is kept aside.
  const { rest, weight: found } = takeWeight(text);
  const weight = found && rest && weighsTheCriterion(text, found.text) ? found : undefined;
  const line = weight ? rest : text;
  const match = line.match(criterionAtStart) ?? line.match(criterionAtEnd);
  const groups = match?.groups;
  if (!groups?.name || !groups.points) return undefined;
  const name = cleanName(groups.name);
  const points = highestPoints(groups.points);
  const heading = !groups.description && /^[([]/.test(groups.points.trim());
  if (points === undefined || !isCriterionName(name, undefined, heading) || looksLikeFlattenedHeader(name)) return undefined;
  const description = groups.description?.trim().replace(/^[:\-–—|]\s*/, "");
  return {
    name,
    points,
    isSection: /^\(\s*total\b/i.test(groups.points),
    isRange: rangePattern.test(groups.points),
    hasUnit: unitPattern.test(groups.points),
    description: description ? description : undefined,
    weight,
  };
}

/**
 * A weight belongs to the criterion when it is in its name (before any colon or points) or ends the line ("Thesis
 * (10 points) x2"); "practised 3x a week" in a description is no weight.
 */
function weighsTheCriterion(line: string, marker: string): boolean {
  const at = line.indexOf(marker);
  const before = line.slice(0, at);
  const after = line.slice(at + marker.length).replace(new RegExp(pointsSource, "gi"), "");
  return !/\p{L}/u.test(after) || (!before.includes(":") && !pointsAnywhere.test(before));
}

function belongsToHeading(line: string, hasBullet: boolean, criterion: CriterionLine | undefined, section: Section, withoutPoints = false): boolean {
  const max = section.criterion.maxPoints;
  if (criterion) {
    if (!criterion.description) return false;
    if (max !== undefined && criterion.points > max) return false;
    if (hasBullet || levelWords.test(criterion.name) || criterion.isRange || !criterion.hasUnit) return true;
    return max === undefined || section.hasLevels;
  }
  if (withoutPoints && nameAndDescription(line) && !isLevelLine(line) && section.hasLevels) return false;
  return hasBullet || levelByPoints.test(line) || isLevelLabel(line);
}

function isLevelLabel(line: string): boolean {
  const match = line.match(levelByLabel);
  const label = match?.groups?.label?.trim() ?? "";
  return match !== null && (levelWords.test(label) || match.groups?.points !== undefined || label.split(" ").length <= 3);
}

function addLevel(section: Section, line: string) {
  section.criterion.descriptors.push(line);
  section.criterion.levels++;
  section.hasLevels = true;
  const labelPoints = line.match(levelByPoints) ?? line.match(levelByLabel)?.groups?.points;
  const points = typeof labelPoints === "string" ? highestPoints(labelPoints) : labelPoints ? highestPoints(labelPoints[0]) : undefined;
  if (points !== undefined) section.levelMax = Math.max(section.levelMax ?? 0, points);
  // A heading without points takes the highest level's points; a heading's own points always win.
  if (section.criterion.maxPoints === undefined || section.pointsFromLevels) {
    section.criterion.maxPoints = section.levelMax;
    section.pointsFromLevels = true;
  }
}

/**
 * "Thesis" alone on a line, directly followed by a level line with points ("Excellent (18-20): ..."), or, in a rubric
 * without points, by a named level ("Excellent: ...").
 */
function isHeadingWithoutPoints(line: string, next: string | undefined, withoutPoints = false): boolean {
  if (!next || line.length > 60 || line.split(" ").length > 6 || /[.!?;,:]$/.test(line)) return false;
  const nextStripped = stripMarkers(next);
  if (matchCriterion(nextStripped) && !isLevelLine(nextStripped)) return false;
  if (withoutPoints && isLevelLine(nextStripped)) return isCriterionName(cleanName(line), 6);
  const levelPoints = nextStripped.match(levelByPoints) ?? nextStripped.match(levelByLabel)?.groups?.points;
  return levelPoints !== undefined && levelPoints !== null && isCriterionName(cleanName(line));
}

function isLevelLine(line: string): boolean {
  const label = line.match(levelByLabel)?.groups?.label?.trim() ?? "";
  return levelByPoints.test(line) || levelWords.test(label);
}

