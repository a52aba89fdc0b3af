import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { GradingInput, GradingRubricCriterion, GradingSample } from "../../src/core/grading/index.js";
import { defaultGradingSettings } from "../../src/core/grading/index.js";

/** Reading the shared human-scored data (see ../shared/data/essays/README.md) into engine assignments. */

export interface EssayRecord {
  dataset: string;
  set: string;
  id: string;
  text: string;
  score: number | null;
  score_range: [number, number] | null;
  traits?: Record<string, number>;
  trait_range?: [number, number];
  rater_scores?: Record<string, number>;
}

interface PromptRecord {
  set: string;
  prompt?: string | null;
  source_text?: string | null;
  rubric?: string | null;
  trait_rubric?: string | null;
  traits?: string[];
  trait_range?: [number, number];
  score_range?: [number, number] | null;
}

export interface BenchSet {
  dataset: string;
  set: string;
  /** Group key used for leave-one-set-out fitting. */
  group: string;
  input: Omit<GradingInput, "samples">;
  essays: Array<{ record: EssayRecord; sample: GradingSample }>;
  traitIds: string[];
  humanQwk?: number;
}

export const essayDatasets = ["asap", "ellipse", "feedback_prize_ell", "asap_sas"] as const;

/** Human rater-vs-rater QWK from the data README (overall score). */
export const humanAgreement: Record<string, number> = {
  "asap:1": 0.721,
  "asap:3": 0.769,
  "asap:4": 0.851,
  "asap:5": 0.753,
  "asap:6": 0.776,
  "asap:7": 0.721,
  "asap_sas:1": 0.94,
  "asap_sas:2": 0.918,
  "asap_sas:3": 0.756,
  "asap_sas:4": 0.745,
  "asap_sas:5": 0.951,
  "asap_sas:6": 0.956,
  "asap_sas:7": 0.97,
  "asap_sas:8": 0.86,
  "asap_sas:9": 0.834,
  "asap_sas:10": 0.889,
};

function readJsonl<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as T);
}

export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** Cuts the rubric section that belongs to one trait: from the line naming it to the line naming the next trait. */
function sectionFor(text: string, trait: string, traits: string[]): string {
  const lines = text.split("\n");
  const heads = traits.map((t) => {
    const key = t.toLowerCase() === "content" ? /(^|\d\.\s*|&\s*)content/i : new RegExp(`^\\s*(\\d+\\.\\s*)?${t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "i");
    return lines.findIndex((l) => key.test(l) && !/^\s*(score|[-•])/i.test(l));
  });
  const i = traits.indexOf(trait);
  const start = heads[i] ?? -1;
  if (start < 0) return "";
  const next = heads.filter((h) => h > start).sort((a, b) => a - b)[0] ?? lines.length;
  return lines.slice(start, next).join("\n");
}

/** Level descriptors ("Score 3: ...", "  4: ...") from lowest to highest. */
export function parseDescriptors(text: string): string[] {
  const levels: Array<{ level: number; text: string }> = [];
  for (const m of text.matchAll(/^\s*(?:Score(?:\s+Point)?\s*)?(\d+(?:\.\d)?)\s*(?:points?)?\s*[:–-]\s*(.+)$/gim)) {
    levels.push({ level: Number(m[1]), text: m[2]!.trim() });
  }
  const byLevel = new Map<number, string>();
  for (const l of levels) if (!byLevel.has(l.level)) byLevel.set(l.level, l.text);
  return [...byLevel.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t);
}

export function loadBenchSets(dir: string, datasets: readonly string[] = essayDatasets): BenchSet[] {
  const sets: BenchSet[] = [];
  for (const dataset of datasets) {
    const records = readJsonl<EssayRecord>(join(dir, `${dataset}.jsonl`));
    const prompts = readJsonl<PromptRecord>(join(dir, `${dataset}_prompts.jsonl`));
    const bySet = new Map<string, EssayRecord[]>();
    for (const r of records) {
      const list = bySet.get(r.set) ?? [];
      list.push(r);
      bySet.set(r.set, list);
    }
    for (const [set, list] of bySet) {
      const prompt = prompts.find((p) => p.set === set) ?? prompts[0];
      const first = list[0]!;
      const traitNames = first.traits ? Object.keys(first.traits) : [];
      const traitRange = first.trait_range ?? [0, 1];
      const rubricText = prompt?.trait_rubric ?? prompt?.rubric ?? "";
      const criteria: GradingRubricCriterion[] = traitNames.length
        ? traitNames.map((t) => ({
            id: slug(t),
            name: t,
            minPoints: traitRange[0],
            maxPoints: traitRange[1],
            descriptors: parseDescriptors(sectionFor(rubricText, t, traitNames)),
          }))
        : [
            {
              id: "overall",
              name: "Overall",
              minPoints: first.score_range?.[0] ?? 0,
              maxPoints: first.score_range?.[1] ?? 1,
              descriptors: parseDescriptors(prompt?.rubric ?? ""),
            },
          ];
      const scoreRange = first.score_range ?? ([criteria.reduce((s, c) => s + (c.minPoints ?? 0), 0), criteria.reduce((s, c) => s + c.maxPoints, 0)] as [number, number]);
      const essays = list.map((record) => ({
        record,
        sample: {
          id: record.id,
          text: record.text,
          score: record.score ?? traitNames.reduce((s, t) => s + (record.traits?.[t] ?? 0), 0),
          ...(record.traits
            ? { criteriaScores: Object.fromEntries(Object.entries(record.traits).map(([k, v]) => [slug(k), v])) }
            : {}),
        },
      }));
      const group = `${dataset}:${set}`;
      sets.push({
        dataset,
        set,
        group,
        input: {
          prompt: prompt?.prompt ?? "",
          ...(prompt?.source_text && prompt.source_text !== "None" ? { sourceText: prompt.source_text } : {}),
          criteria,
          settings: defaultGradingSettings,
          scoreRange,
        },
        essays,
        traitIds: traitNames.map(slug),
        ...(humanAgreement[group] !== undefined ? { humanQwk: humanAgreement[group] } : {}),
      });
    }
  }
  return sets;
}
