/**
 * Text beyond this is no one's essay (the limit of pasted work too): a 10 MB .txt of a million and a half words was
 * graded, holding the server for 20 s.
 */
export const maxDocumentCharacters = 200_000;
