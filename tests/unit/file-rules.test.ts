import { describe, expect, it } from 'vitest';
import { fileProblems, MAX_FILE_BYTES, extensionOf } from '../../src/lib/uploads/file-rules.ts';

const file = (name: string, size = 1000) => ({ name, size });

describe('attachment rules (spec 1 §5)', () => {
  it.each(['id.png', 'ID.JPG', 'scan.jpeg', 'doc.pdf', 'a.doc', 'a.docx', 'a.gif'])('accepts %s', (name) => {
    expect(fileProblems([file(name)], { required: true })).toEqual([]);
  });

  it.each(['virus.exe', 'page.html', 'noextension', 'archive.zip', 'image.png.exe'])(
    'refuses %s by its name',
    (name) => {
      expect(fileProblems([file(name)], { required: true })).toEqual(['fileFormat']);
    },
  );

  it('refuses a file over 4,194,304 bytes, and an empty one', () => {
    expect(fileProblems([file('a.pdf', MAX_FILE_BYTES)], { required: true })).toEqual([]);
    expect(fileProblems([file('a.pdf', MAX_FILE_BYTES + 1)], { required: true })).toEqual(['fileSizeLimit']);
    expect(fileProblems([file('a.pdf', 0)], { required: true })).toEqual(['fileSizeLimit']);
  });

  it('allows one file by default and five for invoices', () => {
    expect(fileProblems([file('a.pdf'), file('b.pdf')], { required: true })).toEqual(['fileQueueLimit']);
    expect(
      fileProblems(
        Array.from({ length: 5 }, (_, i) => file(`${i}.pdf`)),
        { required: true, limit: 5 },
      ),
    ).toEqual([]);
    expect(
      fileProblems(
        Array.from({ length: 6 }, (_, i) => file(`${i}.pdf`)),
        { required: true, limit: 5 },
      ),
    ).toEqual(['fileQueueLimit']);
  });

  it('requires a file only where the form does', () => {
    expect(fileProblems([], { required: true })).toEqual(['fileRequired']);
    expect(fileProblems([], { required: false })).toEqual([]);
  });

  it('reads extensions case-insensitively', () => {
    expect(extensionOf('Scan.PDF')).toBe('pdf');
    expect(extensionOf('README')).toBe('');
  });
});
