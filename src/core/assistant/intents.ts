/**
 * The dashboard assistant's requests it can serve without a model. Recognition is deliberately literal: a request
 * it is unsure of is `unknown`, which answers honestly that open conversation needs an AI provider.
 */
import { digitizeNumberWords } from "./numbers";
import { normalizeMessage } from "./text";
import type { Tone } from "./types";

export type DueWindow = "today" | "tomorrow" | "week" | "next";

export type AssistantIntent =
  | { type: "whatIsDue"; when: DueWindow }
  /** assignment is a title fragment; empty means "all my assignments". */
  | { type: "sampleCount"; assignment: string }
  | { type: "setStrictness"; value: number }
  | { type: "setTone"; value: Tone }
  | { type: "howToCalibrate" }
  | { type: "whereToUploadRubric" }
  | { type: "openAssignment"; assignment: string }
  | { type: "listAssignments" }
  | { type: "help" }
  | { type: "unknown" };

/** Trims a title fragment: quotes, articles, a trailing "assignment" and punctuation. */
function cleanTitle(raw: string): string {
  return raw
    .trim()
    .replace(/[?.!]+$/, "")
    .replace(/^["'\u201c\u2018]|["'\u201d\u2019]$/g, "")
    .replace(/^(?:the|my|an?)\s+/i, "")
    .replace(/^(?:assignment|one)\s+(?:called|named|titled)?\s*/i, "")
    .replace(/^(?:called|named|titled)\s+/i, "")
    .replace(/\s+(?:assignment|one)$/i, "")
    .replace(/^["'\u201c\u2018]|["'\u201d\u2019]$/g, "")
    .trim();
}

function readStrictness(text: string): AssistantIntent | undefined {
  if (!/\bstrict(?:ness)?\b/i.test(text) || /^\s*(?:what|what's|whats|how|why|is)\b/i.test(text)) return undefined;
  const isCommand = /\b(?:set|change|make|put|update|adjust|bump|lower|raise|move|want|i'd like|switch)\b|^\s*strictness\b/i.test(text);
  const value = /\bstrict(?:ness)?\b[^\d-]*?(?:to|at|of|=|:|be)?\s*(-?\d{1,4}(?:\.\d+)?)\s*%?|(-?\d{1,4}(?:\.\d+)?)\s*%?\s+(?:for|on)\s+(?:my\s+)?strictness\b/i.exec(text);
  if (!isCommand || !value) return undefined;
  return { type: "setStrictness", value: Number(value[1] ?? value[2]) };
}

function readTone(text: string): AssistantIntent | undefined {
  if (/^\s*(?:what|what's|whats|how|why|is)\b/i.test(text)) return undefined;
  const isCommand = /\b(?:set|change|make|switch|use|update|want|i'd like|be)\b|^\s*tone\b/i.test(text);
  if (!isCommand || !/\btone\b|\bfeedback\b|\bcomments\b/i.test(text)) return undefined;
  const tone = /\b(gentle|gentler|softer|neutral|direct|more direct|blunter|blunt)\b/i.exec(text)?.[1]?.toLowerCase();
  if (!tone) return undefined;
  const value: Tone = /^(?:gentle|gentler|softer)$/.test(tone) ? "gentle" : tone === "neutral" ? "neutral" : "direct";
  return { type: "setTone", value };
}

function readDue(text: string): AssistantIntent | undefined {
  if (!/\bdue\b|\bdeadlines?\b|\bcoming up\b|\bupcoming\b|\bwhat's next\b|\bwhat is next\b/i.test(text)) return undefined;
  if (/\b(?:set|change|move|extend|update)\b.*\bdue date\b/i.test(text)) return undefined;
  if (/\btoday\b|\btonight\b/i.test(text)) return { type: "whatIsDue", when: "today" };
  if (/\btomorrow\b/i.test(text)) return { type: "whatIsDue", when: "tomorrow" };
  if (/\bnext\b(?!\s+(?:week|7|seven))|\bsoonest\b|\bupcoming\b(?!.*\bweek\b)/i.test(text) && !/\bthis week\b/i.test(text)) return { type: "whatIsDue", when: "next" };
  return { type: "whatIsDue", when: "week" };
}

function readSampleCount(text: string): AssistantIntent | undefined {
  if (!/\bsamples?\b/i.test(text) || !/\bhow many\b|\bnumber of\b|\bcount\b|\bsamples? (?:are|is) (?:there|in|on|for)\b/i.test(text)) return undefined;
  const target =
    /\b(?:does|do|for|in|on|has|have|of)\s+(.+?)(?:\s+(?:have|has|got|contain|include))?\s*\??$/i.exec(text.replace(/^.*?\bsamples?\b/i, ""))?.[1] ?? "";
  const title = cleanTitle(target);
  const isAll = !title || /^(?:i|we|me|my assignments|all|all (?:my )?assignments|each(?: assignment)?|every assignment|there|you|assignments)$/i.test(title);
  return { type: "sampleCount", assignment: isAll ? "" : title };
}

function readOpen(text: string): AssistantIntent | undefined {
  const match = /^\s*(?:please\s+)?(?:can you\s+|could you\s+)?(?:open|show me|show|go to|take me to|pull up|bring up|view|navigate to)\s+(?:up\s+)?(.+)$/i.exec(text);
  if (!match) return undefined;
  const title = cleanTitle(match[1]!);
  if (!title || /^(?:my |all )?(?:assignments|assignment list|list)$/i.test(title)) return undefined;
  return { type: "openAssignment", assignment: title };
}

export function recognizeIntent(message: string): AssistantIntent {
  const text = digitizeNumberWords(normalizeMessage(message)).replace(/\s+/g, " ").trim();
  if (!text) return { type: "unknown" };
  const setting = readStrictness(text) ?? readTone(text);
  if (setting) return setting;
  if (/\bcalibrat/i.test(text)) return { type: "howToCalibrate" };
  if (/\brubrics?\b/i.test(text) && /\b(?:upload|add|attach|import|put|submit|send|load)\b|\bwhere\b.*\brubric/i.test(text)) return { type: "whereToUploadRubric" };
  const count = readSampleCount(text);
  if (count) return count;
  const due = readDue(text);
  if (due) return due;
  if (/\b(?:list|show|see|view|what are|which are|display)\b.*\bassignments\b|\b(?:my|all) assignments\b|\bhow many assignments\b|^\s*assignments\s*\??$/i.test(text)) {
    return { type: "listAssignments" };
  }
  const open = readOpen(text);
  if (open) return open;
  if (/^\s*(?:help|commands|menu|\?)\s*[!?.]*$|\bwhat can (?:you|i) (?:do|ask)\b|\bhow (?:do|can) you help\b|\bwhat do you do\b/i.test(text)) return { type: "help" };
  return { type: "unknown" };
}
