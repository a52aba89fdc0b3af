/**
 * A minimal, read-only view of an OLE compound file (the container of .doc files and of password-protected
 * .docx files): the names of its streams and the first bytes of one stream. Enough to tell a Word 97 document
 * from an encrypted OOXML package or another Office file, without handing unknown bytes to a full parser.
 */
export const oleSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

const endOfChain = 0xfffffffe;
const maxSectorId = 0xfffffffa;

export interface OleEntry {
  name: string;
  type: number;
  startSector: number;
  size: number;
}

export interface OleFile {
  entries: OleEntry[];
  readStreamStart(entry: OleEntry, length: number): Uint8Array | undefined;
}

export function isOle(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && oleSignature.every((b, i) => bytes[i] === b);
}

/** Reads the directory of an OLE file; undefined when the structure is broken. Bounded work on hostile input. */
export function readOle(bytes: Uint8Array): OleFile | undefined {
  if (!isOle(bytes)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectorShift = view.getUint16(30, true);
  if (sectorShift !== 9 && sectorShift !== 12) return undefined;
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize) + 1;
  const sectorOffset = (id: number) => (id + 1) * sectorSize;
  const validSector = (id: number) => id <= maxSectorId && sectorOffset(id) + sectorSize <= bytes.length;

  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const id = view.getUint32(76 + i * 4, true);
    if (id > maxSectorId) break;
    fatSectors.push(id);
  }
  let difat = view.getUint32(68, true);
  for (let guard = 0; difat <= maxSectorId && guard < sectorCount; guard++) {
    if (!validSector(difat)) return undefined;
    const base = sectorOffset(difat);
    const perSector = sectorSize / 4 - 1;
    for (let i = 0; i < perSector; i++) {
      const id = view.getUint32(base + i * 4, true);
      if (id <= maxSectorId) fatSectors.push(id);
    }
    difat = view.getUint32(base + perSector * 4, true);
  }
  const fat: number[] = [];
  for (const id of fatSectors) {
    if (!validSector(id)) return undefined;
    const base = sectorOffset(id);
    for (let i = 0; i < sectorSize / 4; i++) fat.push(view.getUint32(base + i * 4, true));
  }

  const chain = (start: number): number[] | undefined => {
    const ids: number[] = [];
    let id = start;
    while (id !== endOfChain) {
      if (!validSector(id) || ids.length > sectorCount) return undefined;
      ids.push(id);
      id = fat[id] ?? endOfChain;
    }
    return ids;
  };

  const directory = chain(view.getUint32(48, true));
  if (!directory || directory.length === 0) return undefined;
  const entries: OleEntry[] = [];
  for (const sector of directory) {
    const base = sectorOffset(sector);
    for (let offset = 0; offset + 128 <= sectorSize; offset += 128) {
      const at = base + offset;
      const nameLength = view.getUint16(at + 64, true);
      const type = view.getUint8(at + 66);
      if (type === 0 || nameLength < 2 || nameLength > 64) continue;
      let name = "";
      for (let i = 0; i < nameLength / 2 - 1; i++) name += String.fromCharCode(view.getUint16(at + i * 2, true));
      entries.push({ name, type, startSector: view.getUint32(at + 116, true), size: view.getUint32(at + 120, true) });
    }
  }

  return {
    entries,
    // Only streams stored in regular sectors (4096 bytes or more) are readable here; the WordDocument stream always is.
    readStreamStart(entry, length) {
      if (entry.size < 4096) return undefined;
      const ids = chain(entry.startSector);
      if (!ids) return undefined;
      const out = new Uint8Array(Math.min(length, entry.size));
      let written = 0;
      for (const id of ids) {
        if (written >= out.length) break;
        const part = bytes.subarray(sectorOffset(id), sectorOffset(id) + Math.min(sectorSize, out.length - written));
        out.set(part, written);
        written += part.length;
      }
      return out;
    },
  };
}

export function hasStream(ole: OleFile, name: string): boolean {
  return ole.entries.some((entry) => entry.type === 2 && entry.name === name);
}

/** Word 97-2003 marks a password-protected document with fEncrypted (bit 8 of the FIB flags at offset 0x0A). */
export function isEncryptedWordDocument(ole: OleFile): boolean {
  const stream = ole.entries.find((entry) => entry.type === 2 && entry.name === "WordDocument");
  if (!stream) return false;
  const fib = ole.readStreamStart(stream, 32);
  if (!fib || fib.length < 12) return false;
  const flags = (fib[10] ?? 0) | ((fib[11] ?? 0) << 8);
  return (flags & 0x0100) !== 0;
}
