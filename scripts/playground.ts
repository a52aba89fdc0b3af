import { startPlayground } from "./playground/playground-server";

/**
 * `npm run playground`: a miniature LMS and Google Classroom beside Markwise, to try LTI 1.3 and Classroom on a laptop
 * (docs/lti.md and docs/google-classroom.md, "Try it locally").
 */
const port = Number(process.env.PLAYGROUND_PORT ?? 3100);
const markwiseUrl = process.env.MARKWISE_URL ?? "http://localhost:3000";
const teacherEmail = process.env.PLAYGROUND_TEACHER_EMAIL ?? "pat.rivera@playground.test";
// The playground signs launches for whoever it is told to be: it answers this machine only unless asked otherwise.
const host = process.env.PLAYGROUND_HOST ?? "127.0.0.1";
const playground = await startPlayground({ port, host, markwiseUrl, teacherEmail, keyFile: process.env.PLAYGROUND_KEY_FILE ?? "data/playground/platform-key.json" });

console.log(`Markwise playground at ${playground.url} (for Markwise at ${markwiseUrl})
  Course, launches and LTI registration: ${playground.url}/
  Gradebook (scores Markwise sent):      ${playground.url}/gradebook
  Classroom (turn in work, grades):      ${playground.url}/classroom
Start Markwise with these to use the fake Google (sign-in and Classroom):
  ${Object.entries(playground.google.env()).map(([name, value]) => `${name}=${value}`).join(" ")}`);

const stop = () => void playground.stop().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
