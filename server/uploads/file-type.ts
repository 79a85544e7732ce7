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
  if (startsWith(bytes, ZIP_LOCAL)) return zipEntryNames(bytes)?.includes('word/document.xml') ? 'docx' : null;
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
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
const CENTRAL_HEADER_SIZE = 46;

/** Names of the entries of a ZIP's central directory; null when the directory is missing or inconsistent. */
function zipEntryNames(bytes: Uint8Array): string[] | null {
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
  if (eocd === -1) return null;
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  // 0xFFFF / 0xFFFFFFFF mean ZIP64, which no file within the upload limit needs.
  if (count === 0xffff || offset === 0xffffffff || offset + size > eocd) return null;

  const decoder = new TextDecoder('utf-8', { fatal: false });
  const names: string[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_SIZE > offset + size || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return null;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const next = at + CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
    if (next > offset + size) return null;
    names.push(decoder.decode(bytes.subarray(at + CENTRAL_HEADER_SIZE, at + CENTRAL_HEADER_SIZE + nameLength)));
    at = next;
  }
  return names;
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
