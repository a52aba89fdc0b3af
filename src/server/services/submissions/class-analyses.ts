import { analyzeForAssignment, type PreparedAssignment, type TextAnalysis } from "../../../core/grading";

/**
 * The class's texts analysed once per version of the assignment. A grade is centred on the class as it is now
 * (prepareForClass), so every upload batch that grows the class prepares it again; analysing only the texts not seen
 * before keeps that linear. Analysing every text again per batch was half of the grading processes' CPU while a
 * class of 1,000 was uploaded in batches of 25 (bench:queue, issue 16). The text being graded is in the class, so its
 * grade reuses its analysis too.
 *
 * An analysis depends on the text, the assignment's prompt, source text and rubric (its `updatedAt` moves with each)
 * and the spelling dictionary, which is the process's own: `versionKey` names the assignment and its `updatedAt`
 * (analysisKeyOf). One store serves the grading worker and the proposals of what to grade first (proposed-samples.ts),
 * so a class the worker has graded is not analysed again each time its assignment page asks.
 *
 * An analysis of a 367-word essay holds about 17 KB, so a class of 1,000 about 17 MB: only the `limit` versions used
 * last are kept (a worker grades one or two classes at a time).
 */
export function createClassAnalyses(limit = 3) {
  const byVersion = new Map<string, Map<string, TextAnalysis>>();
  const knownFor = (versionKey: string) => {
    const known = byVersion.get(versionKey) ?? new Map<string, TextAnalysis>();
    // Used last goes last (a Map keeps insertion order), so the first is the one used longest ago.
    byVersion.delete(versionKey);
    if (byVersion.size >= limit) byVersion.delete(byVersion.keys().next().value!);
    byVersion.set(versionKey, known);
    return known;
  };
  const analysisOf = (known: Map<string, TextAnalysis>, prepared: PreparedAssignment, text: string) => {
    let analysis = known.get(text);
    if (!analysis) {
      analysis = analyzeForAssignment(prepared, text);
      known.set(text, analysis);
    }
    return analysis;
  };
  return {
    /** The whole class's analyses; texts that left the class are forgotten once they outnumber it. */
    analyzeClass(versionKey: string, prepared: PreparedAssignment, texts: string[]): TextAnalysis[] {
      const known = knownFor(versionKey);
      const analyses = texts.map((text) => analysisOf(known, prepared, text));
      if (known.size > 2 * texts.length) {
        const current = new Set(texts);
        for (const text of known.keys()) if (!current.has(text)) known.delete(text);
      }
      return analyses;
    },
    /** One text's analysis, kept with the class's. */
    analyzeOne(versionKey: string, prepared: PreparedAssignment, text: string): TextAnalysis {
      return analysisOf(knownFor(versionKey), prepared, text);
    },
  };
}

export type ClassAnalyses = ReturnType<typeof createClassAnalyses>;

/** The version of an assignment its texts' analyses belong to. */
export const analysisKeyOf = (assignment: { id: string; updatedAt: Date }) => `${assignment.id}:${assignment.updatedAt.toISOString()}`;
