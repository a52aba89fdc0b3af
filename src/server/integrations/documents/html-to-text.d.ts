// html-to-text ships no types; only what html.ts uses is declared.
declare module "html-to-text" {
  interface SelectorDefinition {
    selector: string;
    format?: string;
    options?: Record<string, unknown>;
  }
  interface HtmlToTextOptions {
    wordwrap?: number | false | null;
    selectors?: SelectorDefinition[];
    limits?: { maxInputLength?: number; maxDepth?: number };
  }
  export function convert(html: string, options?: HtmlToTextOptions): string;
}
