import { Fragment } from "react";
import { Link } from "react-router";
import { messageParts } from "../message-parts";

/** An assistant's answer with its links to Markwise's pages clickable (see message-parts.ts for what is rendered). */
export function MessageText({ text }: { text: string }) {
  return messageParts(text).map((part, index) => {
    if (part.type === "link") {
      return (
        <Link key={index} to={part.to} className="font-medium text-primary underline underline-offset-2 hover:text-accent-strong">
          {part.label}
        </Link>
      );
    }
    if (part.type === "strong") return <strong key={index}>{part.text}</strong>;
    // Plain text stays a text node of the bubble, so the bubble reads as one sentence to assistive technology.
    return <Fragment key={index}>{part.text}</Fragment>;
  });
}
