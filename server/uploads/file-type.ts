/**
 * Decides a file's type from its bytes. The name and the client's Content-Type are the sender's word and
 * prove nothing: an executable renamed `id.png` must not pass.
 */
import type { UploadType } from '../../src/lib/api/uploads/contract.ts';

export interface DetectedType {
  type: UploadType;
  mime: string;
}

export const MIME_TYPES: Record<UploadType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The usual extension of each type, for the name a download is saved under. */
export const EXTENSIONS: Record<UploadType, string> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = ascii('GIF87a');
const GIF89A = ascii('GIF89a');
const PDF = ascii('%PDF-');
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];

function ascii(text: string): number[] {
  return [...text].map((ch) => ch.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((b, i) => bytes[at + i] === b);
}

/** The file's type and MIME type by its content, or null when it is none of the accepted types. */
export function detectFileType(bytes: Uint8Array): DetectedType | null {
  const type = detect(bytes);
  return type ? { type, mime: MIME_TYPES[type] } : null;
}

function detect(bytes: Uint8Array): UploadType | null {
  if (startsWith(bytes, PNG)) return isPng(bytes) ? 'png' : null;
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return 'gif';
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, OLE2)) return isWordBinary(bytes) ? 'doc' : null;
  if (startsWith(bytes, ZIP_LOCAL)) return isWordOpenXml(bytes) ? 'docx' : null;
  return null;
}

/** A PNG opens with its IHDR chunk (13 bytes of data, then its CRC): a bare or cut-off signature is not an image. */
function isPng(bytes: Uint8Array): boolean {
  if (bytes.length < 8 + 4 + 4 + 13 + 4) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return view.getUint32(8) === 13 && startsWith(bytes, ascii('IHDR'), 12);
}

// ZIP (APPNOTE.TXT): the end-of-central-directory record sits in the last 22 + 65,535 (comment) bytes and
// points at the central directory, which lists every entry. The local headers alone can't be trusted:
// entries may be stored with sizes only in a trailing data descriptor.
//
// A .docx is opened later by people and by office software, so it must not be a zip bomb either
// (docs/decisions/022). The server never inflates anything: it reads what the directory declares and checks
// that the declaration is honest about the layout. Entries are limited in number, in declared size (each and
// together) and in compression ratio; encrypted entries, methods other than store and deflate, ZIP64 and
// split archives are refused (no .docx within the upload limit needs them); every entry's local header must
// agree with the directory, and no two entries may share bytes (the overlapping-entry bombs reuse one
// compressed kernel for every entry).
const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR_SIZE = 20;
const CENTRAL_HEADER_SIZE = 46;
const LOCAL_HEADER_SIZE = 30;
const ZIP64_EXTRA_ID = 0x0001;
/** General purpose flags: 0 encrypted, 6 strong encryption, 13 encrypted central directory; 3 data descriptor. */
const FLAG_ENCRYPTED = 0x0001 | 0x0040 | 0x2000;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const METHOD_STORE = 0;
const METHOD_DEFLATE = 8;
/** WinZip's AES encryption puts its own method number in place of the real one. */
const METHOD_AES = 99;

/** What a ZIP may declare before it is refused as a possible zip bomb. */
export const ZIP_LIMITS = {
  /** Entries in the central directory. A letter-sized Word document has about 15; one with many images, 100s. */
  maxEntries: 1_000,
  /** The uncompressed sizes of all entries together. */
  maxTotalUncompressedBytes: 50 * 1024 * 1024,
  /** Uncompressed to compressed size of one entry; ordinary markup compresses 5 to 20 times. */
  maxEntryRatio: 100,
  /** Entries up to this size may compress better (a page of repeated markup is harmless): the total bounds them. */
  ratioFreeBytes: 1024 * 1024,
} as const;

export type ZipProblem =
  | 'no-directory'
  | 'inconsistent'
  | 'zip64'
  | 'split'
  | 'too-many-entries'
  | 'encrypted'
  | 'method'
  | 'too-large'
  | 'ratio'
  | 'overlap';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
}

/** The central directory of a ZIP within ZIP_LIMITS, or the first reason it is refused. */
export function inspectZip(bytes: Uint8Array): { entries: ZipEntry[] } | { problem: ZipProblem } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const lowest = Math.max(0, bytes.length - EOCD_SIZE - 0xffff);
  let eocd = -1;
  for (let at = bytes.length - EOCD_SIZE; at >= lowest; at--) {
    // The comment length must reach the end exactly, so a signature inside the comment is not taken.
    if (
      view.getUint32(at, true) === EOCD_SIGNATURE &&
      at + EOCD_SIZE + view.getUint16(at + 20, true) === bytes.length
    ) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) return { problem: 'no-directory' };
  const disk = view.getUint16(eocd + 4, true);
  const directoryDisk = view.getUint16(eocd + 6, true);
  const countOnDisk = view.getUint16(eocd + 8, true);
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  // 0xFFFF / 0xFFFFFFFF, or a ZIP64 locator just before the end record, mean ZIP64.
  const zip64Locator =
    eocd >= ZIP64_LOCATOR_SIZE && view.getUint32(eocd - ZIP64_LOCATOR_SIZE, true) === ZIP64_LOCATOR_SIGNATURE;
  if (
    zip64Locator ||
    [disk, directoryDisk, countOnDisk, count].includes(0xffff) ||
    size === 0xffffffff ||
    offset === 0xffffffff
  ) {
    return { problem: 'zip64' };
  }
  if (disk !== 0 || directoryDisk !== 0 || countOnDisk !== count) return { problem: 'split' };
  if (count > ZIP_LIMITS.maxEntries) return { problem: 'too-many-entries' };
  if (offset + size > eocd) return { problem: 'inconsistent' };

  const decoder = new TextDecoder('utf-8', { fatal: false });
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  const spans: { start: number; end: number }[] = [];
  let total = 0;
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_SIZE > offset + size || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      return { problem: 'inconsistent' };
    }
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const startDisk = view.getUint16(at + 34, true);
    const localOffset = view.getUint32(at + 42, true);
    const nameStart = at + CENTRAL_HEADER_SIZE;
    const next = nameStart + nameLength + extraLength + commentLength;
    if (next > offset + size) return { problem: 'inconsistent' };
    const nameBytes = bytes.subarray(nameStart, nameStart + nameLength);
    const extra = bytes.subarray(nameStart + nameLength, nameStart + nameLength + extraLength);
    if (
      compressedSize === 0xffffffff ||
      uncompressedSize === 0xffffffff ||
      localOffset === 0xffffffff ||
      startDisk === 0xffff ||
      hasExtraField(extra, ZIP64_EXTRA_ID)
    ) {
      return { problem: 'zip64' };
    }
    if (startDisk !== 0) return { problem: 'split' };
    if (flags & FLAG_ENCRYPTED || method === METHOD_AES) return { problem: 'encrypted' };
    if (method !== METHOD_STORE && method !== METHOD_DEFLATE) return { problem: 'method' };
    if (method === METHOD_STORE && compressedSize !== uncompressedSize) return { problem: 'inconsistent' };
    if (compressedSize === 0 && uncompressedSize > 0) return { problem: 'inconsistent' };
    if (uncompressedSize > ZIP_LIMITS.ratioFreeBytes && uncompressedSize > compressedSize * ZIP_LIMITS.maxEntryRatio) {
      return { problem: 'ratio' };
    }
    total += uncompressedSize;
    if (total > ZIP_LIMITS.maxTotalUncompressedBytes) return { problem: 'too-large' };

    // The local header must be where the directory says, and say the same.
    if (localOffset + LOCAL_HEADER_SIZE > offset || view.getUint32(localOffset, true) !== LOCAL_SIGNATURE) {
      return { problem: 'inconsistent' };
    }
    const localFlags = view.getUint16(localOffset + 6, true);
    const localMethod = view.getUint16(localOffset + 8, true);
    const localNameLength = view.getUint16(localOffset + 26, true);
    const localExtraLength = view.getUint16(localOffset + 28, true);
    const localName = localOffset + LOCAL_HEADER_SIZE;
    const dataStart = localName + localNameLength + localExtraLength;
    const dataEnd = dataStart + compressedSize;
    if (dataEnd > offset) return { problem: 'inconsistent' };
    if (hasExtraField(bytes.subarray(localName + localNameLength, dataStart), ZIP64_EXTRA_ID)) {
      return { problem: 'zip64' };
    }
    if (localFlags & FLAG_ENCRYPTED) return { problem: 'encrypted' };
    const sizesDeclaredHere = (localFlags & FLAG_DATA_DESCRIPTOR) === 0;
    if (
      localMethod !== method ||
      !sameBytes(bytes.subarray(localName, localName + localNameLength), nameBytes) ||
      (sizesDeclaredHere &&
        (view.getUint32(localOffset + 18, true) !== compressedSize ||
          view.getUint32(localOffset + 22, true) !== uncompressedSize))
    ) {
      return { problem: 'inconsistent' };
    }

    const name = decoder.decode(nameBytes);
    // Two entries of one name: readers disagree on which one counts.
    if (names.has(name)) return { problem: 'inconsistent' };
    names.add(name);
    spans.push({ start: localOffset, end: dataEnd });
    entries.push({ name, method, compressedSize, uncompressedSize });
    at = next;
  }
  // Nothing hides between the last entry and the end record.
  if (at !== offset + size) return { problem: 'inconsistent' };
  spans.sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    if (spans[i]!.start < spans[i - 1]!.end) return { problem: 'overlap' };
  }
  return { entries };
}

/** Whether a ZIP extra field block holds a field of `id`. */
function hasExtraField(extra: Uint8Array, id: number): boolean {
  const view = new DataView(extra.buffer, extra.byteOffset, extra.byteLength);
  for (let at = 0; at + 4 <= extra.length; at += 4 + view.getUint16(at + 2, true)) {
    if (view.getUint16(at, true) === id) return true;
  }
  return false;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** A Word document: a ZIP within the limits whose directory lists word/document.xml. */
function isWordOpenXml(bytes: Uint8Array): boolean {
  const zip = inspectZip(bytes);
  return 'entries' in zip && zip.entries.some((e) => e.name === 'word/document.xml');
}

// Compound File Binary (MS-CFB): Word, Excel, PowerPoint and MSI installers all share the OLE2 signature;
// a Word document is the one whose directory holds a `WordDocument` stream.
const FREE_SECTOR = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const HEADER_DIFAT_ENTRIES = 109;
const DIRECTORY_ENTRY_SIZE = 128;
const STREAM_OBJECT = 2;

function isWordBinary(bytes: Uint8Array): boolean {
  return cfbDirectory(bytes)?.some((e) => e.name === 'WordDocument' && e.type === STREAM_OBJECT) ?? false;
}

/** The directory entries of a compound file; null when its header or sector chains are broken. */
function cfbDirectory(bytes: Uint8Array): { name: string; type: number }[] | null {
  if (bytes.length < 512) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize);
  const sectorAt = (n: number) => (n + 1) * sectorSize;
  const fatSectorCount = view.getUint32(0x2c, true);
  // The header lists the first 109 FAT sectors: enough for ~7 MB with 512-byte sectors, more than the limit.
  if (fatSectorCount > HEADER_DIFAT_ENTRIES) return null;

  const fat: number[] = [];
  for (let i = 0; i < fatSectorCount; i++) {
    const sector = view.getUint32(0x4c + i * 4, true);
    if (sector >= sectorCount) return null;
    for (let at = sectorAt(sector); at < sectorAt(sector) + sectorSize; at += 4) fat.push(view.getUint32(at, true));
  }

  const entries: { name: string; type: number }[] = [];
  const seen = new Set<number>();
  for (let sector = view.getUint32(0x30, true); sector !== END_OF_CHAIN; sector = fat[sector] ?? FREE_SECTOR) {
    // A chain that loops or leaves the file is a broken (or hostile) file.
    if (sector >= sectorCount || seen.has(sector)) return null;
    seen.add(sector);
    for (let at = sectorAt(sector); at < sectorAt(sector) + sectorSize; at += DIRECTORY_ENTRY_SIZE) {
      const type = view.getUint8(at + 66);
      if (type === 0) continue;
      // Name: UTF-16LE, its byte length (with the terminating NUL) at offset 64.
      const nameBytes = Math.min(view.getUint16(at + 64, true), 64);
      let name = '';
      for (let i = 0; i < nameBytes - 2; i += 2) name += String.fromCharCode(view.getUint16(at + i, true));
      entries.push({ name, type });
    }
  }
  return entries;
}
