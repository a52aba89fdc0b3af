import type { ClassRun, FeedbackSettingsKey } from "./classes.js";
import { isRenderedFromParts, measureBoilerplate, measureQuotations, measureScoreAgreement } from "./rules.js";

export interface RunMeasures {
  quotationRate: number;
  quotedStepRate: number;
  falseQuotations: number;
  borrowedQuotations: number;
  boilerplate: number;
  boilerplateStrict: number;
  scoreBreaks: number;
  bias: number;
  students: number;
  unrendered: number;
  topBoilerplate: string;
}

export function measureRun(run: ClassRun): RunMeasures {
  const q = measureQuotations(run.feedback);
  const b = measureBoilerplate(run.feedback, false);
  const strict = measureBoilerplate(run.feedback, true);
  const a = measureScoreAgreement(run.feedback);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  return {
    quotationRate: q.comments ? q.commentsWithQuotation / q.comments : 0,
    quotedStepRate: q.students ? q.studentsWithQuotedStep / q.students : 0,
    falseQuotations: q.falseQuotations,
    borrowedQuotations: q.borrowedQuotations,
    boilerplate: b.share,
    boilerplateStrict: strict.share,
    scoreBreaks: a.breakShare,
    bias: (mean(run.predicted) - mean(run.human)) / run.span,
    students: run.feedback.length,
    unrendered: run.feedback.filter((f) => !isRenderedFromParts(f)).length,
    topBoilerplate: strict.top[0] ? `${(100 * strict.top[0].studentShare).toFixed(0)}%: ${strict.top[0].skeleton.slice(0, 90)}` : "",
  };
}

export interface Row {
  label: string;
  runs: number;
  students: number;
  mean: RunMeasures;
  /** The worst class run for each measure (lowest rate, highest share). */
  worst: Pick<RunMeasures, "quotationRate" | "quotedStepRate" | "boilerplate" | "boilerplateStrict" | "scoreBreaks">;
}

function row(label: string, measures: RunMeasures[]): Row {
  const avg = (f: (m: RunMeasures) => number) => measures.reduce((s, m) => s + f(m), 0) / Math.max(1, measures.length);
  const worstTop = [...measures].sort((a, b) => b.boilerplateStrict - a.boilerplateStrict)[0];
  return {
    label,
    runs: measures.length,
    students: measures.reduce((s, m) => s + m.students, 0),
    mean: {
      quotationRate: avg((m) => m.quotationRate),
      quotedStepRate: avg((m) => m.quotedStepRate),
      falseQuotations: measures.reduce((s, m) => s + m.falseQuotations, 0),
      borrowedQuotations: measures.reduce((s, m) => s + m.borrowedQuotations, 0),
      boilerplate: avg((m) => m.boilerplate),
      boilerplateStrict: avg((m) => m.boilerplateStrict),
      scoreBreaks: avg((m) => m.scoreBreaks),
      bias: avg((m) => m.bias),
      students: measures.reduce((s, m) => s + m.students, 0),
      unrendered: measures.reduce((s, m) => s + m.unrendered, 0),
      topBoilerplate: worstTop?.topBoilerplate ?? "",
    },
    worst: {
      quotationRate: Math.min(...measures.map((m) => m.quotationRate)),
      quotedStepRate: Math.min(...measures.map((m) => m.quotedStepRate)),
      boilerplate: Math.max(...measures.map((m) => m.boilerplate)),
      boilerplateStrict: Math.max(...measures.map((m) => m.boilerplateStrict)),
      scoreBreaks: Math.max(...measures.map((m) => m.scoreBreaks)),
    },
  };
}

export interface FeedbackSummary {
  bySet: Row[];
  bySettings: Row[];
  all: Row;
}

export function summarizeRuns(runs: ClassRun[], settings: FeedbackSettingsKey[]): FeedbackSummary {
  const measured = runs.map((run) => ({ run, m: measureRun(run) }));
  const groups = [...new Set(runs.map((r) => r.group))];
  // ELLIPSE has 44 prompts of about 40 essays: one row for the data set keeps the table readable.
  const setLabel = (r: ClassRun) => (r.dataset === "ellipse" ? "ellipse (all prompts)" : r.group);
  const labels = [...new Set(runs.map(setLabel))];
  return {
    bySet: labels.map((label) => row(label, measured.filter((x) => setLabel(x.run) === label).map((x) => x.m))),
    bySettings: settings.map((s) => row(`${s.tone}/${s.length}`, measured.filter((x) => x.run.settings.tone === s.tone && x.run.settings.length === s.length).map((x) => x.m))),
    all: row(`all (${groups.length} sets)`, measured.map((x) => x.m)),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const signed = (x: number) => `${x >= 0 ? "+" : ""}${(100 * x).toFixed(1)}%`;

function table(rows: Row[]): string {
  const header = ["", "classes", "students", "quoted comments (worst)", "quoted next step (worst)", "boilerplate (worst)", "strict boilerplate (worst)", "praise/score breaks (worst)", "false quotes", "prompt quoted", "class bias (k=2, 2 draws)"];
  const body = rows.map((r) => [
    r.label,
    String(r.runs),
    String(r.students),
    `${pct(r.mean.quotationRate)} (${pct(r.worst.quotationRate)})`,
    `${pct(r.mean.quotedStepRate)} (${pct(r.worst.quotedStepRate)})`,
    `${pct(r.mean.boilerplate)} (${pct(r.worst.boilerplate)})`,
    `${pct(r.mean.boilerplateStrict)} (${pct(r.worst.boilerplateStrict)})`,
    `${pct(r.mean.scoreBreaks)} (${pct(r.worst.scoreBreaks)})`,
    String(r.mean.falseQuotations),
    String(r.mean.borrowedQuotations),
    signed(r.mean.bias),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...body.map(line)].join("\n");
}

export function formatFeedbackReport(report: { machine: { cpu: string; cores: number; node: string }; classes: number; size: number; seed: number; summary: FeedbackSummary; runtimeSeconds: number }): string {
  const { summary } = report;
  const lines = [
    `Feedback benchmark: class sets of ${report.size} students (up to ${report.classes} per set), k = 2 teacher samples, leave-one-set-out prior, seed ${report.seed}`,
    `Machine: ${report.machine.cpu}, ${report.machine.cores} cores, Node ${report.machine.node}`,
    "Each class is graded once per tone x length (9 runs). Quotation: a passage in double quotation marks, six words or more, verbatim in the essay.",
    "Prompt quoted: a quotation over half of whose words are in five-word runs of the prompt, or of the source text outside the praise of a detail the student chose from it.",
    "Boilerplate: a sentence whose skeleton (quotations and numbers removed; strict also removes words named in single quotation marks) is in more than 20% of the class's feedback.",
    "Praise/score breaks: comments on bottom-third scores judged as praise, or top-third ones judged mostly criticism (word list + wink-nlp sentiment, next-step sentences excluded).",
    "",
    "== by set (all tones and lengths) ==",
    table(summary.bySet),
    "",
    "== by tone and length (all sets) ==",
    table(summary.bySettings),
    "",
    table([summary.all]),
    "",
    `Most shared sentence in the worst class (strict): ${summary.all.mean.topBoilerplate}`,
    `Feedback rendered exactly from its measured parts: ${summary.all.mean.unrendered === 0 ? "yes" : `no (${summary.all.mean.unrendered} differ)`}`,
    "",
    "Targets (issue 13), on the mean over all class runs and on every set:",
  ];
  const check = (label: string, ok: boolean, value: string) => lines.push(`  ${ok ? "PASS" : "FAIL"}  ${label}: ${value}`);
  const everySet = (f: (r: Row) => boolean) => summary.bySet.every(f);
  const all = summary.all.mean;
  check("criterion comments with a real quotation >= 90%", all.quotationRate >= 0.9 && everySet((r) => r.mean.quotationRate >= 0.9), pct(all.quotationRate));
  check("students with a next step quoting their text >= 80%", all.quotedStepRate >= 0.8 && everySet((r) => r.mean.quotedStepRate >= 0.8), pct(all.quotedStepRate));
  check("boilerplate sentences <= 15%", all.boilerplate <= 0.15 && everySet((r) => r.mean.boilerplate <= 0.15), pct(all.boilerplate));
  check("boilerplate sentences <= 15%, strict", all.boilerplateStrict <= 0.15 && everySet((r) => r.mean.boilerplateStrict <= 0.15), pct(all.boilerplateStrict));
  check("comments whose words disagree with the score <= 5%", all.scoreBreaks <= 0.05 && everySet((r) => r.mean.scoreBreaks <= 0.05), pct(all.scoreBreaks));
  check("no quotation that is not verbatim in the essay", all.falseQuotations === 0, String(all.falseQuotations));
  lines.push("Decision 024 (feedback quotes the student's words, not the assignment's):");
  check("no quotation made mostly of the prompt's words, or the source's outside praise of evidence", all.borrowedQuotations === 0, String(all.borrowedQuotations));
  lines.push("  (mean score bias per set, k = 2 and k = 10, is printed by npm run bench:grading beside QWK)");
  lines.push(`Runtime ${report.runtimeSeconds.toFixed(0)} s.`);
  return lines.join("\n");
}
