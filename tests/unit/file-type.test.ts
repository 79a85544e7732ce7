import { describe, expect, it } from 'vitest';
import { detectFileType } from '../../server/uploads/file-type.ts';
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
