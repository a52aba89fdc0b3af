import type { PlaygroundCourse } from "./course";
import { escapeHtml, renderPage } from "./html";
import type { LtiPlatformSimulator, PlatformUser } from "./lti-platform";

const launchButton = (label: string, fields: Record<string, string>, isPrimary = false) =>
  `<form class="inline" method="post" action="/launch">${Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`).join("")}<button${isPrimary ? ' class="primary"' : ""}>${escapeHtml(label)}</button></form>`;

/** The course home: people, the Markwise links with their launch buttons, and how to register Markwise. */
export function renderCoursePage(course: PlaygroundCourse, platform: LtiPlatformSimulator, markwiseUrl: string): string {
  const registration = platform.registration("Playground LMS");
  const people = [course.teacher, ...course.students]
    .map((user) => `<tr><td>${escapeHtml(user.name)}</td><td>${escapeHtml(user.email ?? "")}</td><td>${user.role === "instructor" ? "Teacher" : "Student"}</td></tr>`)
    .join("");
  const links = platform.resourceLinks.length
    ? platform.resourceLinks
        .map((link) => {
          const asStudent = (student: PlatformUser) => launchButton(`Launch ${link.title} as ${student.name}`, { link: link.id, user: student.sub });
          return `<li><strong>${escapeHtml(link.title)}</strong><div>${launchButton(`Launch ${link.title} as teacher`, { link: link.id, user: course.teacher.sub }, true)} ${course.students.map(asStudent).join(" ")}</div></li>`;
        })
        .join("")
    : `<li class="muted">No Markwise assignment in this course yet: add one below (you launch as the teacher and pick or create it in Markwise).</li>`;
  return renderPage(
    `${course.title}`,
    `<section aria-labelledby="activities"><h2 id="activities">Markwise assignments</h2><ul>${links}</ul>
${launchButton("Add Markwise assignment", { user: course.teacher.sub, deepLinking: "yes" }, true)}
<p class="muted">Launches are real LTI 1.3 launches to ${escapeHtml(markwiseUrl)}: login initiation, this LMS's signed id_token, the form post back.</p></section>
<section aria-labelledby="people"><h2 id="people">People</h2><div class="table"><table><thead><tr><th>Name</th><th>E-mail</th><th>Role</th></tr></thead><tbody>${people}</tbody></table></div></section>
<section aria-labelledby="register"><h2 id="register">Register Markwise (once)</h2>
<p>Either paste a registration link from Markwise's <a href="${escapeHtml(markwiseUrl)}/app/lti">Learning platforms</a> page ("Create a registration link"):</p>
<form method="get" action="/register"><label for="link">Markwise registration link</label><input id="link" name="link" required placeholder="${escapeHtml(markwiseUrl)}/api/lti/register/..."><button class="primary">Register Markwise</button></form>
<p>or click "Add a platform" there and paste these values:</p>
<dl aria-label="Values for Add a platform"><dt>Issuer (platform ID)</dt><dd>${escapeHtml(registration.issuer)}</dd><dt>Client ID</dt><dd>${escapeHtml(registration.clientId)}</dd>
<dt>Deployment IDs</dt><dd>${escapeHtml(registration.deploymentIds.join(", "))}</dd><dt>Authentication request URL</dt><dd>${escapeHtml(registration.authLoginUrl)}</dd>
<dt>Access token URL</dt><dd>${escapeHtml(registration.tokenUrl)}</dd><dt>Public keyset URL</dt><dd>${escapeHtml(registration.keysetUrl)}</dd></dl></section>`,
  );
}

/** The LMS's admin page during Dynamic Registration: Markwise's link in a frame, and what the frame said when done. */
export function renderRegistrationPage(platform: LtiPlatformSimulator, link: string): string {
  return renderPage(
    "Registering Markwise",
    `<section><p role="status" id="status">Markwise is registering in the frame below…</p>
<iframe title="Markwise registration" src="${escapeHtml(platform.registrationFrameUrl(link))}" style="width: 100%; height: 16rem; border: 1px solid #ddd"></iframe>
<p><a href="/">Back to the course</a></p></section>
<script>window.addEventListener("message", (event) => { if (event.data && event.data.subject === "org.imsglobal.lti.close") document.getElementById("status").textContent = "Markwise is registered with this LMS. Go back to the course to launch it."; });</script>`,
  );
}

/** The gradebook: each line item with the scores and comments Markwise posted (AGS), and the roster it serves (NRPS). */
export function renderGradebookPage(course: PlaygroundCourse, platform: LtiPlatformSimulator): string {
  const people = [course.teacher, ...course.students];
  const nameOf = (sub: string) => people.find((user) => user.sub === sub)?.name ?? sub;
  const items = platform.lineItems.length
    ? platform.lineItems
        .map((item) => {
          const latest = new Map<string, (typeof platform.scores)[number]["body"]>();
          for (const score of platform.scores) if (score.lineItem === item.id) latest.set(score.body.userId, score.body);
          const rows = course.students
            .map((student) => {
              const score = latest.get(student.sub);
              return `<tr><td>${escapeHtml(student.name)}</td><td>${score ? `${score.scoreGiven} / ${score.scoreMaximum}` : "—"}</td><td>${score ? escapeHtml(score.gradingProgress) : ""}</td><td class="long">${escapeHtml(score?.comment ?? "")}</td></tr>`;
            })
            .join("");
          const strangers = [...latest.keys()].filter((sub) => !course.students.some((student) => student.sub === sub)).map((sub) => `<li>${escapeHtml(nameOf(sub))}</li>`).join("");
          return `<section aria-label="Line item ${escapeHtml(item.label)}"><h2>${escapeHtml(item.label)} <span class="muted">(out of ${item.scoreMaximum})</span></h2>
<div class="table"><table><thead><tr><th>Student</th><th>Score</th><th>Progress</th><th>Comment</th></tr></thead><tbody>${rows}</tbody></table></div>${strangers ? `<p>Also scored: </p><ul>${strangers}</ul>` : ""}</section>`;
        })
        .join("")
    : `<section><p class="muted">No line items yet: "Add Markwise assignment" on the course page makes one.</p></section>`;
  const roster = platform.members.map((member) => `<tr><td>${escapeHtml(member.name)}</td><td>${escapeHtml(member.email ?? "")}</td><td>${escapeHtml(member.user_id)}</td></tr>`).join("");
  return renderPage(
    "Gradebook",
    `${items}<section aria-labelledby="roster"><h2 id="roster">Roster served to Markwise (Names and Roles)</h2><div class="table"><table><thead><tr><th>Name</th><th>E-mail</th><th>User id</th></tr></thead><tbody>${roster}</tbody></table></div>
<p class="muted">Token requests so far: ${platform.tokenRequests.length}; scores received: ${platform.scores.length}.</p></section>`,
  );
}
