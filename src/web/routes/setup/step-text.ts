import type { SetupStep } from "../../../core/setup";

export const stepTitles: Record<SetupStep, string> = {
  welcome: "Welcome",
  preferences: "Preferences",
  rubric: "Rubric",
  samples: "Samples",
  complete: "Complete",
};

export const stepHeadings: Record<SetupStep, string> = {
  welcome: "About you",
  preferences: "Grading preferences",
  rubric: "Rubric",
  samples: "Graded samples",
  complete: "Review and finish",
};

export const welcomeMessage =
  "Hi, I'm Markwise. Let's set up how you grade, so my feedback sounds like yours. First: who are you and what do you teach? A course preset fills in a tone, strictness and rubric you can change.";

/** What the assistant says on arriving at a step (spec section 4: a transition message on each advance). */
export function transitionMessage(step: SetupStep, name?: string): string {
  switch (step) {
    case "welcome":
      return welcomeMessage;
    case "preferences":
      return `Nice to meet you${name?.trim() ? `, ${name.trim()}` : ""}. Now, how should your feedback sound, and how strict should I be?`;
    case "rubric":
      return "Got it. Next, choose a rubric template and weight each part. The weights must add up to 100%.";
    case "samples":
      return "Now show me a paper or two you have already graded: paste the text or upload the file, then add the score and the feedback you gave.";
    case "complete":
      return "That's everything I need. Check the summary, then finish the setup to turn on autograding.";
  }
}

export function resumeMessage(step: SetupStep, isCalibrated = false): string {
  if (isCalibrated) return "Welcome back! Your setup is complete and autograding is on. Change anything here and finish again to update it.";
  return step === "welcome" ? welcomeMessage : `Welcome back! We were at ${stepTitles[step]}. Pick up where you left off.`;
}

export const resetFailedMessage = "Had trouble resetting. Try again or let me know if you need help.";

export function criterionLabel(key: string): string {
  return key.charAt(0).toUpperCase() + key.slice(1);
}
