import { supportEmail } from "../../contracts/contact";

export { privacyEmail, supportEmail } from "../../contracts/contact";

/** A mail draft to support with a subject about an inquiry and a greeting to start from. */
export const contactMailto = `mailto:${supportEmail}?subject=${encodeURIComponent("Inquiry about Markwise")}&body=${encodeURIComponent(
  "Hello Markwise team,\n\n",
)}`;
