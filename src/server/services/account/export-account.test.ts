import { describe, expect, it } from "vitest";
import { portableFileName } from "./export-account";

describe("file names in the account export", () => {
  it("replaces what Windows cannot unpack and keeps everything else as uploaded", () => {
    expect(portableFileName('Jo "JJ" Smith: draft?.docx')).toBe("Jo _JJ_ Smith_ draft_.docx");
    expect(portableFileName("a<b>c|d*e.txt")).toBe("a_b_c_d_e.txt");
    expect(portableFileName("Zoë Müller – essay (final).pdf")).toBe("Zoë Müller – essay (final).pdf");
  });

  it("drops a trailing dot or space and never gives an empty name", () => {
    expect(portableFileName("notes. . ")).toBe("notes");
    expect(portableFileName("...")).toBe("document");
    expect(portableFileName("C:\\\\Users\\\\ana\\\\essay.txt")).toBe("essay.txt");
  });
});
