import { feedbackLinkMessages } from "../../contracts/feedback-links";
import { lateNoteForStudent } from "../../core/late-policy";
import { evidenceSegments } from "../../core/submissions";
import type { StudentFeedback } from "../services/feedback-links";

/**
 * The page a student opens from their link, rendered here rather than by the teacher's app: it needs no script and no
 * account, answers with the right status (410 for a link no longer active), says noindex in its first bytes, and
 * stays small on a phone. Everything from the database is escaped.
 */

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

/** The review page's criterion colors (Tailwind's 100 and 400 shades), so a criterion looks the same to both. */
const palette = [
  { mark: "#fef3c7", swatch: "#fbbf24" },
  { mark: "#e0f2fe", swatch: "#38bdf8" },
  { mark: "#ffe4e6", swatch: "#fb7185" },
  { mark: "#ede9fe", swatch: "#a78bfa" },
  { mark: "#ecfccb", swatch: "#84cc16" },
  { mark: "#ffedd5", swatch: "#fb923c" },
];
const colorOf = (index: number) => palette[index % palette.length]!;

const formatScore = (value: number) => String(Math.round(value * 100) / 100);
const formatDate = (date: Date, timeZone: string) => date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone });

const logo =
  '<svg aria-hidden="true" width="28" height="28" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1f5f52"/><path d="M9 17.5l4.5 4.5L23 10.5" fill="none" stroke="#fbfaf7" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

const styles = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#fbfaf7;color:#1a1d1c;font:16px/1.55 Inter,ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.bar{border-bottom:1px solid #e4e1d8;background:#fff}
.bar div{max-width:72rem;margin:0 auto;padding:.75rem 1rem;display:flex;align-items:center;gap:.5rem;font-weight:600}
main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1,h2,.score{font-family:"Iowan Old Style",Charter,"Source Serif 4",Georgia,"Liberation Serif",serif;letter-spacing:-.01em}
h1{font-size:1.9rem;line-height:1.15;margin:.25rem 0 .5rem;overflow-wrap:anywhere}
h2{font-size:1.25rem;margin:0 0 .75rem}
.eyebrow{margin:0;color:#575d5a;font-size:.9rem}
.meta{margin:0;color:#575d5a;font-size:.875rem}
.layout{display:grid;gap:1.25rem;margin-top:1.5rem}
.side{display:grid;gap:1.25rem;align-content:start}
.card{background:#fff;border:1px solid #e4e1d8;border-radius:1rem;padding:1rem;box-shadow:0 1px 2px rgba(26,29,28,.05)}
.score{font-size:2.6rem;font-weight:600;line-height:1;margin:.25rem 0}
.score small{font-size:1.1rem;color:#575d5a;font-weight:500}
.late{margin:.75rem 0 0;padding:.6rem .75rem;border-radius:.6rem;background:#fdf1ef;color:#7a1b12;font-size:.9rem}
dl.lines{display:grid;grid-template-columns:1fr auto;gap:.25rem 1rem;margin:.75rem 0 0;font-size:.9rem}
dl.lines dt{color:#575d5a}
dl.lines dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.criteria{list-style:none;margin:0;padding:0;display:grid;gap:1rem}
.criteria>li{border-top:1px solid #e4e1d8;padding-top:1rem}
.work-card:focus-visible{outline:2px solid #2f7d6b;outline-offset:2px}
.criteria>li:first-child{border-top:0;padding-top:0}
.crit-head{display:flex;align-items:baseline;gap:.5rem;justify-content:space-between}
.crit-name{display:flex;align-items:center;gap:.5rem;font-weight:600;overflow-wrap:anywhere}
.swatch{display:inline-flex;align-items:center;justify-content:center;min-width:1.5rem;height:1.5rem;border-radius:999px;font-size:.75rem;font-weight:700;color:#1a1d1c}
.points{font-variant-numeric:tabular-nums;white-space:nowrap;font-weight:600}
.looks-for{margin:.5rem 0 0;font-size:.8rem;color:#575d5a;text-transform:uppercase;letter-spacing:.04em}
.descriptors{margin:.25rem 0 0;padding-left:1.1rem;font-size:.9rem;color:#3b403e}
.rationale{margin:.5rem 0 0;font-size:.9rem}
.feedback{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
.hint{margin:0 0 .75rem;font-size:.875rem;color:#575d5a}
.work{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.95rem;line-height:1.75}
mark{border-radius:.2rem;padding:0 .1rem;color:inherit}
mark sup{font-size:.65rem;font-weight:700;color:#575d5a;margin-left:.1rem}
.missing{margin-top:1rem;padding:.75rem;border:1px dashed #cfcbc0;border-radius:.6rem;font-size:.8rem;color:#575d5a}
.missing ul{margin:.25rem 0 0;padding-left:1.1rem}
footer{max-width:72rem;margin:0 auto;padding:0 1rem 2rem;color:#575d5a;font-size:.8rem}
.plain{max-width:34rem;margin:12vh auto 0;text-align:center}
.plain h1{font-size:1.6rem}
.plain p{color:#575d5a}
@media (min-width:960px){
  main{padding:2.5rem 1.5rem 4rem}
  h1{font-size:2.4rem}
  .layout{grid-template-columns:minmax(0,22rem) minmax(0,1fr);align-items:start}
  .card{padding:1.5rem}
  .work-card{position:sticky;top:1.5rem;max-height:calc(100vh - 3rem);overflow:auto}
}
@media print{.bar,footer{display:none}.card{box-shadow:none}.work-card{position:static;max-height:none;overflow:visible}}
`;

/** `referrer`: "same-origin" for a page whose form posts back to Markwise (a browser sends `Origin: null` under "no-referrer"). */
export function documentOf(title: string, body: string, referrer: "no-referrer" | "same-origin" = "no-referrer"): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="${referrer}">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<header class="bar"><div>${logo}<span>Markwise</span></div></header>
${body}
</body>
</html>`;
}

/** A plain page with one message: a link no longer active, a grade back in review, too many attempts. */
export function renderPlainPage(title: string, detail: string): string {
  return documentOf(`${title} · Markwise`, `<main class="plain"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p></main>`);
}

export const renderInactivePage = () => renderPlainPage(feedbackLinkMessages.inactive, feedbackLinkMessages.inactiveDetail);

export function renderStudentFeedbackPage(feedback: StudentFeedback): string {
  const { sheet, timeZone } = feedback;
  const total = feedback.totalPoints;
  const finalScore = sheet.late ? sheet.late.finalScore : (sheet.rawScore ?? 0);
  const late = sheet.late;

  const scoreCard = `<section class="card" aria-labelledby="score-heading">
<h2 id="score-heading">Your score</h2>
<p class="score">${formatScore(finalScore)} <small>/ ${formatScore(total)}</small></p>
${
  late
    ? `<dl class="lines"><dt>Score for the work</dt><dd>${formatScore(sheet.rawScore ?? 0)} / ${formatScore(total)}</dd><dt>Late penalty</dt><dd>&minus;${formatScore(late.penalty)}</dd><dt>Final score</dt><dd>${formatScore(late.finalScore)} / ${formatScore(total)}</dd></dl>
<p class="late">${escapeHtml(lateNoteForStudent(late))}</p>`
    : ""
}
</section>`;

  const feedbackCard = sheet.feedback?.trim() ? `<section class="card" aria-labelledby="feedback-heading"><h2 id="feedback-heading">Feedback</h2><p class="feedback">${escapeHtml(sheet.feedback.trim())}</p></section>` : "";

  const criteriaItems = sheet.criteria
    .map((item, index) => {
      const descriptors = feedback.descriptors[item.id] ?? [];
      const color = colorOf(index);
      return `<li>
<div class="crit-head"><span class="crit-name"><span class="swatch" style="background:${color.mark};box-shadow:inset 0 0 0 2px ${color.swatch}" aria-hidden="true">${index + 1}</span>${escapeHtml(item.name)}</span><span class="points">${item.score === null ? "&ndash;" : formatScore(item.score)} / ${formatScore(item.maxPoints)}</span></div>
${descriptors.length ? `<p class="looks-for">What the rubric looks for</p><ul class="descriptors">${descriptors.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>` : ""}
${item.rationale ? `<p class="rationale">${escapeHtml(item.rationale)}</p>` : ""}
</li>`;
    })
    .join("");
  const holisticNote = feedback.scoreBasis === "holistic" ? '<p class="hint">Your teacher grades this work as a whole; the criterion scores show how each part went.</p>' : "";
  const criteriaCard = `<section class="card" aria-labelledby="criteria-heading"><h2 id="criteria-heading">Scores by criterion</h2>${holisticNote}<ol class="criteria">${criteriaItems}</ol></section>`;

  const { segments, missing } = evidenceSegments(feedback.content, sheet.criteria.map((item) => item.quotes));
  const work = segments
    .map((segment) => {
      if (!segment.criteria.length) return escapeHtml(segment.text);
      const names = segment.criteria.map((index) => sheet.criteria[index]!.name).join(", ");
      return `<mark style="background:${colorOf(segment.criteria[0]!).mark}" title="Quoted for ${escapeHtml(names)}">${escapeHtml(segment.text)}<sup aria-hidden="true">${segment.criteria.map((index) => index + 1).join(",")}</sup></mark>`;
    })
    .join("");
  const hasQuotes = segments.some((segment) => segment.criteria.length);
  const missingList = missing.length
    ? `<div class="missing"><p style="margin:0;font-weight:600;color:#1a1d1c">Quoted passages not found word for word in your text</p><ul>${missing.map((item) => `<li>${escapeHtml(sheet.criteria[item.criterion]!.name)}: &ldquo;${escapeHtml(item.quote)}&rdquo;</li>`).join("")}</ul></div>`
    : "";
  const workCard = `<section class="card work-card" aria-labelledby="work-heading" tabindex="0"><h2 id="work-heading">Your work</h2>${hasQuotes ? '<p class="hint">Highlighted passages are the ones your scores refer to; the number after each one is its criterion.</p>' : ""}<div class="work">${work}</div>${missingList}</section>`;

  const body = `<main>
<p class="eyebrow">Feedback for ${escapeHtml(feedback.studentName)}</p>
<h1>${escapeHtml(feedback.assignmentTitle)}</h1>
<p class="meta">Handed in on ${formatDate(feedback.submittedAt, timeZone)} &middot; This page works until ${formatDate(feedback.expiresAt, timeZone)}</p>
<div class="layout">
<div class="side">${scoreCard}${feedbackCard}${criteriaCard}</div>
${workCard}
</div>
</main>
<footer>This page is private to you: anyone with its link can read it, so keep the link to yourself.</footer>`;
  return documentOf(`Feedback on ${feedback.assignmentTitle} · Markwise`, body);
}
