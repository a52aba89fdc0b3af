import { documentOf, escapeHtml } from "./student-feedback-page";

/**
 * Pages of the launch flow, rendered by the server like the student's feedback page: they run inside a launch from
 * the platform, before (or without) the teacher's app, and need no script except the deep linking auto-submit.
 */

const pickStyles = `<style>
.pick{max-width:40rem;margin:2rem auto;padding:0 1rem}
.pick fieldset{border:1px solid #e4e1d8;border-radius:.75rem;background:#fff;padding:1rem;margin:0 0 1rem}
.pick legend{font-weight:600;padding:0 .25rem}
.pick label{display:flex;gap:.6rem;align-items:flex-start;padding:.45rem 0;overflow-wrap:anywhere}
.pick .status{color:#575d5a;font-size:.85rem}
.pick input[type=text]{width:100%;font:inherit;padding:.55rem .7rem;border:1px solid #c9c5b9;border-radius:.5rem;margin-top:.35rem}
.pick button{font:inherit;font-weight:600;background:#1f5f52;color:#fff;border:0;border-radius:.5rem;padding:.65rem 1.1rem;cursor:pointer;min-height:44px}
.pick button:focus-visible,.pick input:focus-visible{outline:3px solid #8cc2b5;outline-offset:2px}
.pick .error{color:#9f1d1d;font-weight:600}
</style>`;

export interface PickPage {
  pickId: string;
  kind: "deep_link" | "resource_link";
  platformName: string;
  choices: { id: string; title: string; status: string }[];
  error?: string;
}

export function renderPickPage(page: PickPage): string {
  const heading = page.kind === "deep_link" ? `Add a Markwise assignment to ${page.platformName}` : `Which assignment does this ${page.platformName} activity open?`;
  const options = page.choices
    .map(
      // Not required: a teacher may type a new title instead, and the server says what is missing.
      (choice) =>
        `<label><input type="radio" name="assignmentId" value="${escapeHtml(choice.id)}"><span>${escapeHtml(choice.title)} <span class="status">(${escapeHtml(choice.status)})</span></span></label>`,
    )
    .join("");
  const body = `${pickStyles}<main class="pick"><h1>${escapeHtml(heading)}</h1>
${page.error ? `<p class="error" role="alert">${escapeHtml(page.error)}</p>` : ""}
<form method="post" action="/api/lti/picks/${escapeHtml(page.pickId)}">
${page.choices.length ? `<fieldset><legend>Your assignments</legend>${options}</fieldset>` : ""}
<fieldset><legend>${page.choices.length ? "Or create a new assignment" : "Create a new assignment"}</legend>
<label style="display:block" for="new-title">Title of the new assignment</label>
<input type="text" id="new-title" name="newTitle" maxlength="200" autocomplete="off">
</fieldset>
<button type="submit">${page.kind === "deep_link" ? `Add to ${escapeHtml(page.platformName)}` : "Open this assignment"}</button>
</form></main>`;
  // The form posts back here: the browser must send Markwise's Origin with it.
  return documentOf(`${heading} · Markwise`, body, "same-origin");
}

/**
 * The Deep Linking answer: a form posting the signed JWT to the platform, sent by a script from this server (the
 * policy allows no inline script) and by its button when scripts are off.
 */
export function renderDeepLinkReturnPage(returnUrl: string, jwt: string, platformName: string): string {
  const body = `${pickStyles}<main class="pick"><h1>Returning to ${escapeHtml(platformName)}</h1>
<form id="lti-return" method="post" action="${escapeHtml(returnUrl)}">
<input type="hidden" name="JWT" value="${escapeHtml(jwt)}">
<p>Markwise is sending your choice back to ${escapeHtml(platformName)}.</p>
<button type="submit">Continue to ${escapeHtml(platformName)}</button>
</form></main><script src="/api/lti/auto-submit.js"></script>`;
  return documentOf(`Returning to ${platformName} · Markwise`, body);
}

export const autoSubmitScript = 'document.getElementById("lti-return")?.submit();\n';

/**
 * The end of a Dynamic Registration: tells the platform's window or frame that Markwise is done (the spec's
 * org.imsglobal.lti.close message), by a script from this server since the policy allows no inline script.
 */
export function renderRegistrationDonePage(platformName: string): string {
  const body = `${pickStyles}<main class="pick"><h1>Markwise is registered</h1>
<p>${escapeHtml(platformName)} can now launch Markwise. The administrator can rename it or add deployments on Markwise's Learning platforms page.</p>
<p>If this window stays open, close it and finish the tool's setup in the platform.</p>
</main><script src="/api/lti/registration-close.js"></script>`;
  return documentOf("Markwise is registered · Markwise", body);
}

export const registrationCloseScript = '(window.opener || window.parent).postMessage({ subject: "org.imsglobal.lti.close" }, "*");\n';
