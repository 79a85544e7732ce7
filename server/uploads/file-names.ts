/** The client's file name, made safe to store, show and put in a header. */
import { EXTENSIONS } from './file-type.ts';
import type { UploadType } from '../../src/lib/api/uploads/contract.ts';

const MAX_NAME_LENGTH = 120;
const FALLBACK = 'document';

/**
 * The last path segment of the name, without control or bidi-override characters (which can make
 * `gpj.exe` read as `exe.jpg`), trimmed to 120 characters. Kept only for display.
 */
export function sanitiseFileName(name: string): string {
  const base = name.toWellFormed().normalize('NFC').split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  return [...clean].slice(0, MAX_NAME_LENGTH).join('').trim() || FALLBACK;
}

/**
 * The name a download is saved under: the stored name with the extension of the detected type, so a PNG
 * sent as `id.html` is saved as `id.png` and opens as an image.
 */
export function downloadName(name: string, type: UploadType): string {
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).trim() || FALLBACK;
  return `${stem}.${EXTENSIONS[type]}`;
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\w .-]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
