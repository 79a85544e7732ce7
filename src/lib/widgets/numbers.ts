/**
 * Numbers typed into the tool box. Arabic keyboards type Arabic-Indic digits (٠–٩, or the Persian ۰–۹) and the
 * Arabic decimal separator (٫); a comma is taken as a decimal point too (no weight or amount here needs a
 * thousands separator, and many visitors write decimals with a comma).
 */
const DIGIT_BASES = [0x0660, 0x06f0];

export function normalizeDigits(text: string): string {
  return text
    .trim()
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
      const code = d.charCodeAt(0);
      const base = DIGIT_BASES.find((b) => code >= b && code <= b + 9) ?? 0;
      return String(code - base);
    })
    .replace(/[٫,]/g, '.');
}

/**
 * The number in `text`, or null when it is not a plain decimal (digits, at most one point, no sign or
 * exponent) or has more than `maxDecimals` digits after the point.
 */
export function parseDecimal(text: string, maxDecimals = Number.POSITIVE_INFINITY): number | null {
  const normalized = normalizeDigits(text);
  const match = /^(\d*)(?:\.(\d*))?$/.exec(normalized);
  if (!match) return null;
  const [, whole = '', decimals = ''] = match;
  if (whole === '' && decimals === '') return null;
  if (decimals.length > maxDecimals) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}
