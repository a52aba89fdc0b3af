/** Text made safe to put in HTML, between tags or in a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const style = `
body { font-family: system-ui, sans-serif; margin: 0; color: #1c1c1c; background: #f6f6f3; line-height: 1.45; }
header { background: #23395d; color: #fff; padding: .75rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; align-items: baseline; }
header a { color: #fff; }
header strong { font-size: 1.1rem; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .75rem 1rem; margin: 0 0 1rem; overflow-wrap: break-word; }
h1 { font-size: 1.5rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.15rem; margin: .25rem 0 .75rem; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #eee; vertical-align: top; }
td:first-child, th { white-space: nowrap; }
td.long { min-width: 16rem; white-space: pre-line; }
.table { overflow-x: auto; }
dl { display: grid; grid-template-columns: minmax(8rem, max-content) 1fr; gap: .25rem 1rem; margin: 0; }
dt { font-weight: 600; }
dd { margin: 0; font-family: ui-monospace, monospace; font-size: .9rem; overflow-wrap: anywhere; }
form.inline { display: inline; }
button { font: inherit; padding: .3rem .7rem; margin: .15rem 0; border: 1px solid #23395d; border-radius: 4px; background: #fff; color: #23395d; cursor: pointer; }
button.primary { background: #23395d; color: #fff; }
label { display: block; margin: .5rem 0 .2rem; font-weight: 600; }
input, select, textarea { font: inherit; width: 100%; box-sizing: border-box; padding: .3rem; }
.muted { color: #666; }
@media (max-width: 40rem) { dl { grid-template-columns: 1fr; } dd { margin-bottom: .4rem; } }
`;

/** A playground page: the mini LMS's header with its pages, then the body. */
export function renderPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Markwise playground</title><style>${style}</style></head>
<body><header><strong>Playground LMS</strong><nav><a href="/">Course</a> · <a href="/gradebook">Gradebook</a> · <a href="/classroom">Classroom</a></nav></header>
<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** A page that posts hidden fields to another site at once, as an LMS starts a launch (the button works without script). */
export function renderAutoPost(action: string, fields: Record<string, string>, label: string): string {
  const inputs = Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(label)}</title></head><body><form method="post" action="${escapeHtml(action)}">${inputs}<button>${escapeHtml(label)}</button></form><script>document.forms[0].submit();</script></body></html>`;
}
