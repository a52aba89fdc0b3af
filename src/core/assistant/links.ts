/** A link in an assistant's answer, written [label](/path) for the chat to render; labels never hold brackets. */
export const link = (label: string, path: string) => `[${label.replace(/[[\]]/g, "")}](${path})`;
