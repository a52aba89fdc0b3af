import { strToU8, zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";
import { ArchiveError, readZipArchive, type ArchiveLimits } from "./read-zip-archive.js";

const text = (value: string) => strToU8(value);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Rewrites a field of every central directory record whose name matches (fflate writes honest headers). */
function patchDirectory(zip: Uint8Array, entryName: string, patch: (view: DataView, record: number) => void): Uint8Array {
  const bytes = zip.slice();
  const view = new DataView(bytes.buffer);
  const name = text(entryName);
  let patched = 0;
  for (let offset = 0; offset + 46 < bytes.length; offset++) {
    if (view.getUint32(offset, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(offset + 28, true);
    const recordName = bytes.subarray(offset + 46, offset + 46 + nameLength);
    if (nameLength === name.length && recordName.every((byte, i) => byte === name[i])) {
      patch(view, offset);
      patched++;
    }
  }
  if (patched === 0) throw new Error(`no directory record for ${entryName}`);
  return bytes;
}

const declareSize = (size: number) => (view: DataView, record: number) => view.setUint32(record + 24, size, true);

async function failure(bytes: Uint8Array, limits?: ArchiveLimits): Promise<ArchiveError> {
  try {
    await readZipArchive(bytes, limits);
  } catch (error) {
    if (error instanceof ArchiveError) return error;
    throw error;
  }
  throw new Error("expected an ArchiveError");
}

describe("readZipArchive keeps the submissions a teacher zipped", () => {
  const zip = zipSync({
    "Period 3": {},
    "Period 3/Jane Doe.docx": text("jane's essay"),
    "Period 3/late/John Roe.txt": text("john's essay"),
    "Amy Poe.pdf": [text("amy's essay"), { level: 0 }],
    "__MACOSX/Period 3/._Jane Doe.docx": text("resource fork"),
    ".DS_Store": text("finder"),
    "Period 3/.hidden": text("dot-file"),
    "Period 3/Thumbs.db": text("explorer"),
    "extra/more-essays.zip": zipSync({ "inner.txt": text("inner") }),
  } satisfies Zippable);

  it("returns every file by its base name, with its bytes, in archive order", async () => {
    const { files } = await readZipArchive(zip);
    expect(files.map((file) => [file.name, decode(file.bytes)])).toEqual([
      ["Jane Doe.docx", "jane's essay"],
      ["John Roe.txt", "john's essay"],
      ["Amy Poe.pdf", "amy's essay"],
    ]);
  });

  it("drops folders, __MACOSX, dot-files and Thumbs.db silently, and names a nested zip with its reason", async () => {
    const { skipped } = await readZipArchive(zip);
    expect(skipped).toEqual([{ name: "more-essays.zip", reason: expect.stringMatching(/\.zip inside the \.zip/) }]);
  });

  it("names an entry whose path climbs out of the .zip's folders, never reading it or dropping it silently", async () => {
    const { files, skipped } = await readZipArchive(zipSync({ "Ana Li.txt": text("ana's essay"), "../../../../tmp/pwned.txt": text("escape") }));
    expect(files.map((file) => file.name)).toEqual(["Ana Li.txt"]);
    expect(skipped).toEqual([{ name: "pwned.txt", reason: "its path climbs out of the .zip's folders (../); re-create the .zip with your computer's built-in Compress" }]);
  });

  it("answers an empty archive with no files", async () => {
    expect(await readZipArchive(zipSync({}))).toEqual({ files: [], skipped: [] });
  });

  it("decodes names written in the IBM PC code page by Windows' zipper", async () => {
    // 0x82 is é in code page 437; the UTF-8 flag is off, as Windows leaves it.
    const zipped = zipSync({ "Ren_.txt": text("essay") });
    const bytes = zipped.slice();
    for (let i = 0; i + 8 <= bytes.length; i++) if (decode(bytes.subarray(i, i + 8)) === "Ren_.txt") bytes[i + 3] = 0x82;
    const { files } = await readZipArchive(bytes);
    expect(files[0]?.name).toBe("René.txt");
  });
});

describe("readZipArchive limits, checked on declared sizes before inflating", () => {
  it("skips an entry that declares more than 10 MB by default and keeps the others", async () => {
    const zip = zipSync({ "big.pdf": new Uint8Array(10 * 1024 * 1024 + 1), "small.txt": text("ok") });
    const { files, skipped } = await readZipArchive(zip);
    expect(files.map((file) => file.name)).toEqual(["small.txt"]);
    expect(skipped).toEqual([{ name: "big.pdf", reason: "larger than 10 MB" }]);
  });

  it("names a custom per-file limit in the reason", async () => {
    const zip = zipSync({ "a.pdf": new Uint8Array(2 * 1024 * 1024) });
    expect((await readZipArchive(zip, { maxEntryBytes: 1.5 * 1024 * 1024 })).skipped).toEqual([{ name: "a.pdf", reason: "larger than 1.5 MB" }]);
    expect((await readZipArchive(zip, { maxEntryBytes: 2 * 1024 * 1024 })).files).toHaveLength(1);
  });

  it("stops with too_large when the kept files declare more than the total limit", async () => {
    const zip = patchDirectory(
      patchDirectory(zipSync({ "a.txt": text("a"), "b.txt": text("b") }), "a.txt", declareSize(9 * 1024 * 1024)),
      "b.txt",
      declareSize(9 * 1024 * 1024),
    );
    const error = await failure(zip, { maxTotalBytes: 16 * 1024 * 1024 });
    expect(error.code).toBe("too_large");
    expect(error.message).toMatch(/more than 16 MB once unpacked\. Split/);
  });

  it("stops with too_large when there are more files than allowed, folders not counted", async () => {
    const files: Zippable = { folder: {} };
    for (let i = 0; i < 4; i++) files[`folder/${i}.txt`] = text(String(i));
    expect((await readZipArchive(zipSync(files), { maxEntries: 4 })).files).toHaveLength(4);
    const error = await failure(zipSync(files), { maxEntries: 3 });
    expect(error.code).toBe("too_large");
    expect(error.message).toMatch(/more than 3 files/);
  });

  it("refuses as damaged an entry that inflates to more than it declared (a zip bomb)", async () => {
    const bomb = patchDirectory(zipSync({ "essay.txt": new Uint8Array(5 * 1024 * 1024) }), "essay.txt", declareSize(1000));
    expect((await failure(bomb)).code).toBe("damaged");
  });
});

describe("readZipArchive refuses what it cannot read", () => {
  const good = zipSync({ "essay.txt": text("The thesis is clear. ".repeat(50)) });

  it.each([
    ["a truncated archive", good.subarray(0, good.length - 30)],
    ["bytes that are not a zip", text("just some text, not an archive at all")],
    ["an archive whose compressed data was damaged", (() => {
      const bytes = good.slice();
      bytes[40] = (bytes[40] ?? 0) ^ 0xff;
      bytes[41] = (bytes[41] ?? 0) ^ 0xff;
      return bytes;
    })()],
  ])("answers damaged for %s, telling the teacher to re-create the .zip", async (_, bytes) => {
    const error = await failure(bytes);
    expect(error.code).toBe("damaged");
    expect(error.message).toMatch(/Re-create the \.zip/);
  });

  it("skips a password-protected entry with its reason", async () => {
    const zip = patchDirectory(zipSync({ "secret.docx": text("x"), "open.txt": text("y") }), "secret.docx", (view, record) =>
      view.setUint16(record + 8, view.getUint16(record + 8, true) | 1, true),
    );
    const { files, skipped } = await readZipArchive(zip);
    expect(files.map((file) => file.name)).toEqual(["open.txt"]);
    expect(skipped).toEqual([{ name: "secret.docx", reason: expect.stringMatching(/password-protected/) }]);
  });
});
