import { zipSync, strToU8 } from "fflate";
import type { QuizItem } from "../types.js";
import { acceptedAnswers, escapeXml, htmlOf, questionHtml, identifierOf, type QuizExport } from "./markup.js";

/**
 * The quiz as a QTI 1.2 package (a zip of imsmanifest.xml and the assessment), the format Canvas imports. Multiple
 * choice stays multiple choice; a cloze and a sentence to fix become short-answer questions whose accepted answers
 * are the key, so Canvas marks them as Markwise does.
 */
const x = escapeXml;

function mattext(html: string): string {
  return `<material><mattext texttype="text/html">${x(html)}</mattext></material>`;
}


function metadata(fields: Record<string, string>): string {
  return `<qtimetadata>${Object.entries(fields)
    .map(([label, entry]) => `<qtimetadatafield><fieldlabel>${x(label)}</fieldlabel><fieldentry>${x(entry)}</fieldentry></qtimetadatafield>`)
    .join("")}</qtimetadata>`;
}

const outcomes = `<outcomes><decvar maxvalue="100" minvalue="0" varname="SCORE" vartype="Decimal"/></outcomes>`;
const feedbackCondition = `<respcondition continue="Yes"><conditionvar><other/></conditionvar><displayfeedback feedbacktype="Response" linkrefid="general_fb"/></respcondition>`;

function itemXml(item: QuizItem, index: number): string {
  const ident = `item_${index + 1}`;
  const title = `Question ${index + 1}`;
  const feedback = item.explanation ? `<itemfeedback ident="general_fb"><flow_mat><material><mattext texttype="text/html">${x(htmlOf(item.explanation))}</mattext></material></flow_mat></itemfeedback>` : "";
  const feedbackRule = item.explanation ? feedbackCondition : "";
  if (item.kind === "multiple-choice") {
    const labels = item.options.map((option, i) => `<response_label ident="${ident}_choice_${i + 1}">${mattext(htmlOf(option))}</response_label>`).join("");
    return (
      `<item ident="${ident}" title="${x(title)}">` +
      `<itemmetadata>${metadata({ question_type: "multiple_choice_question", points_possible: "1.0" })}</itemmetadata>` +
      `<presentation>${mattext(questionHtml(item))}<response_lid ident="response1" rcardinality="Single"><render_choice>${labels}</render_choice></response_lid></presentation>` +
      `<resprocessing>${outcomes}${feedbackRule}<respcondition continue="No"><conditionvar><varequal respident="response1">${ident}_choice_${item.answerIndex + 1}</varequal></conditionvar><setvar action="Set" varname="SCORE">100</setvar></respcondition></resprocessing>` +
      `${feedback}</item>`
    );
  }
  const accepted = acceptedAnswers(item).map((answer) => `<varequal respident="response1">${x(answer)}</varequal>`).join("");
  return (
    `<item ident="${ident}" title="${x(title)}">` +
    `<itemmetadata>${metadata({ question_type: "short_answer_question", points_possible: "1.0" })}</itemmetadata>` +
    `<presentation>${mattext(questionHtml(item))}<response_str ident="response1" rcardinality="Single"><render_fib><response_label ident="answer1" rshuffle="No"/></render_fib></response_str></presentation>` +
    `<resprocessing>${outcomes}${feedbackRule}<respcondition continue="No"><conditionvar>${accepted}</conditionvar><setvar action="Set" varname="SCORE">100</setvar></respcondition></resprocessing>` +
    `${feedback}</item>`
  );
}

export function quizToQtiXml(quiz: QuizExport, ident = identifierOf(JSON.stringify(quiz))): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<questestinterop xmlns="http://www.imsglobal.org/xsd/ims_qtiasiv1p2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/ims_qtiasiv1p2 http://www.imsglobal.org/xsd/ims_qtiasiv1p2p1.xsd">` +
    `<assessment ident="${ident}" title="${x(quiz.title)}">${metadata({ cc_maxattempts: "1" })}` +
    `<section ident="root_section">${quiz.items.map(itemXml).join("")}</section></assessment></questestinterop>\n`
  );
}

function manifestXml(ident: string, title: string, href: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<manifest identifier="${ident}_manifest" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1" xmlns:imsmd="http://www.imsglobal.org/xsd/imsmd_v1p2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 http://www.imsglobal.org/xsd/imscp_v1p1.xsd http://www.imsglobal.org/xsd/imsmd_v1p2 http://www.imsglobal.org/xsd/imsmd_v1p2p2.xsd">` +
    `<metadata><schema>IMS Content</schema><schemaversion>1.1.3</schemaversion><imsmd:lom><imsmd:general><imsmd:title><imsmd:string>${x(title)}</imsmd:string></imsmd:title></imsmd:general></imsmd:lom></metadata>` +
    `<organizations/><resources><resource identifier="${ident}" type="imsqti_xmlv1p2"><file href="${href}"/></resource></resources></manifest>\n`
  );
}

/** The zip's bytes; the file names inside are fixed by the quiz's content, not by the time it was made. */
export function quizToQti(quiz: QuizExport): Uint8Array {
  const ident = identifierOf(JSON.stringify(quiz));
  const href = `${ident}/${ident}.xml`;
  // A fixed date keeps the zip the same for the same quiz (zip entries carry one).
  const mtime = new Date("2020-01-01T00:00:00Z");
  return zipSync({ "imsmanifest.xml": [strToU8(manifestXml(ident, quiz.title, href)), { mtime }], [href]: [strToU8(quizToQtiXml(quiz, ident)), { mtime }] });
}
