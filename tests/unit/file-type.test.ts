import { describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { detectFileType, inspectZip, ZIP_LIMITS, type ZipProblem } from '../../server/uploads/file-type.ts';
import { attachmentDisposition, downloadName, sanitiseFileName } from '../../server/uploads/file-names.ts';
import {
  compoundFile,
  concat,
  DOC,
  DOCX,
  ELF,
  GIF,
  JPEG,
  MZ,
  PDF,
  PLAIN_ZIP,
  PNG,
  XLSX,
  zip,
} from '../fixtures/files.ts';
import { documentXml, endRecord, entryParts, le, wordZip, type ZipEntrySpec } from '../fixtures/zip-writer.ts';

describe('file type by content', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpeg', JPEG, 'image/jpeg'],
    ['gif', GIF, 'image/gif'],
    ['gif', concat('GIF87a', [1, 0, 1, 0, 0, 0, 0, 0x3b]), 'image/gif'],
    ['pdf', PDF, 'application/pdf'],
    ['doc', DOC, 'application/msword'],
    ['docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ] as const)('recognises %s', (type, bytes, mime) => {
    expect(detectFileType(bytes)).toEqual({ type, mime });
  });

  it('reads the bytes, whatever view of a larger buffer they are', () => {
    const shifted = concat([1, 2, 3], PNG).subarray(3);
    expect(detectFileType(shifted)?.type).toBe('png');
  });

  it.each([
    ['an ELF executable', ELF],
    ['a Windows executable (MZ)', MZ],
    ['a plain zip', PLAIN_ZIP],
    ['an xlsx (a zip without word/document.xml)', XLSX],
    ['a zip naming word/document.xml only inside a file, not as an entry', zip({ 'a.txt': 'word/document.xml' })],
    ['a png cut inside its signature', PNG.subarray(0, 5)],
    ['a png signature with no IHDR chunk', PNG.subarray(0, 8)],
    ['a png cut inside its IHDR chunk', PNG.subarray(0, 20)],
    ['a jpeg prefix of two bytes', JPEG.subarray(0, 2)],
    ['an OLE2 file with no Word stream (xls, msi)', compoundFile('Workbook')],
    ['an OLE2 signature alone', DOC.subarray(0, 8)],
    ['HTML', new TextEncoder().encode('<!doctype html><script>alert(1)</script>')],
    ['a PDF signature not at the start', concat(' ', PDF)],
    ['nothing', new Uint8Array(0)],
  ])('refuses %s', (_name, bytes) => {
    expect(detectFileType(bytes)).toBeNull();
  });

  it('refuses a zip whose directory is cut off, even when the entry name is in a local header', () => {
    const cut = DOCX.subarray(0, DOCX.length - 10);
    expect(detectFileType(cut)).toBeNull();
  });

  it('refuses a compound file whose directory chain loops', () => {
    const looping = DOC.slice();
    // FAT entry of the directory sector (1) pointing back at itself.
    new DataView(looping.buffer).setUint32(512 + 4, 1, true);
    expect(detectFileType(looping)).toBeNull();
  });
});

describe('zip-bomb limits of a .docx', () => {
  const MB = 1024 * 1024;
  const problemOf = (bytes: Uint8Array) => {
    const zip = inspectZip(bytes);
    return 'problem' in zip ? zip.problem : null;
  };
  const refused = (bytes: Uint8Array, problem: ZipProblem) => {
    expect(problemOf(bytes)).toBe(problem);
    expect(detectFileType(bytes)).toBeNull();
  };
  const accepted = (bytes: Uint8Array) => {
    expect(problemOf(bytes)).toBeNull();
    expect(detectFileType(bytes)?.type).toBe('docx');
  };
  const files = (count: number, from = 0): ZipEntrySpec[] =>
    Array.from({ length: count }, (_, i) => ({ name: `word/media/image${from + i}.txt`, data: `image ${i}` }));

  it('accepts a deflated Word document, stored entries, and entries with data descriptors', () => {
    accepted(wordZip());
    accepted(wordZip([{ name: 'docProps/app.xml', data: '<Properties/>', method: 0 }]));
    accepted(wordZip([], { dataDescriptor: true }));
    // A long document of repeated markup: well compressed, yet a real document.
    const long = documentXml(Array.from({ length: 20_000 }, (_, i) => `Paragraph ${i} of the identity document.`));
    expect(long.length).toBeGreaterThan(ZIP_LIMITS.ratioFreeBytes);
    accepted(wordZip([], { data: long }));
  });

  it(`accepts ${ZIP_LIMITS.maxEntries} entries and refuses one more`, () => {
    accepted(wordZip(files(ZIP_LIMITS.maxEntries - 3)));
    refused(wordZip(files(ZIP_LIMITS.maxEntries - 2)), 'too-many-entries');
  });

  it('refuses an entry that inflates more than 100 times beyond 1 MiB (a classic zip bomb)', () => {
    const zeros = new Uint8Array(20 * MB);
    const bomb = wordZip([], { data: zeros });
    expect(bomb.length).toBeLessThan(100 * 1024);
    refused(bomb, 'ratio');
    const kernel = deflateRawSync(new Uint8Array(2 * MB));
    refused(wordZip([{ name: 'a.bin', compressed: kernel, uncompressedSize: 2 * MB }]), 'ratio');
    // What is declared decides (nothing is inflated): 2 MiB from 21 KiB is within the ratio.
    accepted(wordZip([{ name: 'a.bin', compressed: new Uint8Array(21 * 1024), uncompressedSize: 2 * MB, method: 8 }]));
  });

  it('refuses more than 50 MB declared in all, each entry small enough to pass the ratio', () => {
    // Every entry is the same real kernel: a million zero bytes, deflated to about a kilobyte.
    const kernel = deflateRawSync(new Uint8Array(1_000_000));
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        name: `part${i}.xml`,
        compressed: kernel,
        uncompressedSize: 1_000_000,
      }));
    accepted(wordZip(many(50)));
    const bomb = wordZip(many(53));
    expect(bomb.length).toBeLessThan(200 * 1024);
    refused(bomb, 'too-large');
  });

  it('refuses encrypted entries (traditional, strong, or AES) and other compression methods', () => {
    refused(wordZip([], { flags: 0x0001 }), 'encrypted');
    refused(wordZip([], { flags: 0x0040 }), 'encrypted');
    refused(wordZip([{ name: 'secret.bin', data: 'x', method: 99 }]), 'encrypted');
    refused(wordZip([{ name: 'b.bin', data: 'x', method: 12 }]), 'method'); // bzip2
    refused(wordZip([{ name: 'l.bin', data: 'x', method: 14 }]), 'method'); // LZMA
  });

  it('refuses ZIP64 markers wherever they are', () => {
    refused(wordZip([], {}, { zip64Locator: true }), 'zip64');
    refused(wordZip([], {}, { declaredCount: 0xffff }), 'zip64');
    refused(wordZip([], { extra: [...le(0x0001, 2), ...le(8, 2), ...le(1, 4), ...le(0, 4)] }), 'zip64');
    refused(wordZip([{ name: 'big.bin', data: 'x', method: 0, uncompressedSize: 0xffffffff }]), 'zip64');
    // Other extra fields (an extended timestamp) are fine.
    accepted(wordZip([], { extra: [...le(0x5455, 2), ...le(5, 2), 1, ...le(0, 4)] }));
  });

  it('refuses split archives and directories that disagree with the entries', () => {
    refused(wordZip([], {}, { disk: 1 }), 'split');
    refused(wordZip([], {}, { declaredCount: 2 }), 'inconsistent');
    refused(wordZip([], { localName: 'word/other.xml' }), 'inconsistent');
    refused(wordZip([], { compressedSize: 100_000 }), 'inconsistent'); // runs into the directory
    const localSays = wordZip();
    const view = new DataView(localSays.buffer);
    view.setUint32(22, view.getUint32(22, true) + 1, true); // the first local header's uncompressed size
    refused(localSays, 'inconsistent');
    refused(wordZip([{ name: 'word/document.xml', data: 'again' }]), 'inconsistent');
    refused(wordZip([{ name: 'stored.bin', data: 'abc', method: 0, uncompressedSize: 4 }]), 'inconsistent');
  });

  it('refuses entries that share their bytes (an overlapping-entry bomb)', () => {
    // The first entry, stored, carries the second entry's local header and data inside its own data: the
    // directory lists both, so their bytes overlap, as in bombs that reuse one kernel for every entry.
    const inner = entryParts({ name: 'word/document.xml', data: documentXml(['ID']) });
    const outerName = 'word/styles.xml';
    const outer = entryParts({ name: outerName, data: inner.local, method: 0 });
    const innerOffset = 30 + outerName.length;
    const directory = concat(outer.central(0), inner.central(innerOffset));
    const overlapping = concat(outer.local, directory, endRecord(2, directory.length, outer.local.length));
    refused(overlapping, 'overlap');
  });

  it('still refuses a zip with no directory at all', () => {
    expect(problemOf(wordZip().subarray(0, 100))).toBe('no-directory');
  });
});

describe('file names', () => {
  it('keeps the last path segment, without control or direction characters', () => {
    expect(sanitiseFileName('../../etc/passwd.png')).toBe('passwd.png');
    expect(sanitiseFileName('C:\\Users\\me\\scan.pdf')).toBe('scan.pdf');
    expect(sanitiseFileName('id\u202Egnp.exe')).toBe('idgnp.exe');
    expect(sanitiseFileName('a\r\nb\u0000.pdf')).toBe('ab.pdf');
    expect(sanitiseFileName('...hidden.png')).toBe('hidden.png');
    expect(sanitiseFileName('  ')).toBe('document');
    expect([...sanitiseFileName(`${'ه'.repeat(300)}.pdf`)].length).toBe(120);
  });

  it('saves a download with the extension of the detected type', () => {
    expect(downloadName('passport.html', 'png')).toBe('passport.png');
    expect(downloadName('scan.JPEG', 'jpeg')).toBe('scan.jpg');
    expect(downloadName('noext', 'pdf')).toBe('noext.pdf');
    expect(downloadName('document', 'docx')).toBe('document.docx');
  });

  it('puts an ASCII name and the exact UTF-8 name in Content-Disposition, with no quote to break out of', () => {
    expect(attachmentDisposition('هوية.pdf')).toBe(
      `attachment; filename="____.pdf"; filename*=UTF-8''%D9%87%D9%88%D9%8A%D8%A9.pdf`,
    );
    expect(attachmentDisposition('a"b;c\'.png')).toBe(
      `attachment; filename="a_b_c_.png"; filename*=UTF-8''a%22b%3Bc%27.png`,
    );
  });
});
