/**
 * The project's own open three-word encoding (docs/decisions/019). It has nothing in common with what3words' word
 * lists or algorithm: the words, the grid and the permutation are ours, and an address of one means nothing in
 * the other.
 *
 * - The grid: squares of 1/20000 degree of latitude by 1/20000 degree of longitude (about 5.5 m at the equator,
 *   narrower towards the poles). Row 0 starts at -90°, column 0 at -180°; square i = row × COLS + col.
 * - ROWS × COLS (2.592 × 10^13) is less than 2^45 = 32768^3, so each square gets a number j < 2^45 by a keyed
 *   permutation of [0, 2^45): an 8-round alternating Feistel network over a 22-bit and a 23-bit half with fixed
 *   round keys. Neighbouring squares get unrelated numbers.
 * - j in base 32768, most significant digit first, picks three words of the frozen list words-en.txt.
 * - Decoding reverses the steps; a j whose square number is not below ROWS × COLS (about a quarter of all word
 *   triples) is no address.
 *
 * The list, the grid and the round keys are frozen: stored addresses depend on them (a unit test checks the list's
 * checksum and known encodings).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Squares per degree, in latitude and in longitude. */
export const CELLS_PER_DEGREE = 20_000;
export const ROWS = 180 * CELLS_PER_DEGREE;
export const COLS = 360 * CELLS_PER_DEGREE;
export const CELL_COUNT = ROWS * COLS;
export const WORD_COUNT = 32_768;
export const WORD_PATTERN = /^[a-z]{4,8}$/;
export const WORD_LIST_FILE = join(import.meta.dirname, 'words-en.txt');

const WORD_BITS = 15;
const HI_BITS = 22;
const LO_BITS = 23;
const HI_SIZE = 2 ** HI_BITS;
const LO_SIZE = 2 ** LO_BITS;
const HI_MASK = HI_SIZE - 1;
const LO_MASK = LO_SIZE - 1;
/** The Feistel round keys: fixed forever (changing one changes every address). */
const ROUND_KEYS = [
  0x5d1c_3a97, 0x9e37_79b9, 0x2c4f_e1d3, 0xb5a3_0e6f, 0x71e9_b42c, 0xc83d_5a17, 0x0f6b_92e5, 0xe4a7_1c39,
] as const;

export interface WordList {
  /** Word n of the list. */
  words: readonly string[];
  /** The number of a word. */
  numbers: ReadonlyMap<string, number>;
  /** The words in alphabetical order (prefix searches). */
  sorted: readonly string[];
}

/** Reads a word list file: one word a line, `#` lines are comments. */
export function parseWordList(text: string): WordList {
  const words = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const numbers = new Map(words.map((w, n) => [w, n]));
  if (words.length !== WORD_COUNT || numbers.size !== WORD_COUNT || !words.every((w) => WORD_PATTERN.test(w))) {
    throw new Error(`A three-word list needs ${WORD_COUNT} distinct words of 4 to 8 letters a-z`);
  }
  return { words, numbers, sorted: [...words].sort() };
}

let list: WordList | undefined;
/** The frozen English list, read once. */
export const wordList = (): WordList => (list ??= parseWordList(readFileSync(WORD_LIST_FILE, 'utf8')));

/** The round function: a 32-bit avalanche mix (murmur3's finaliser) of a half and the round key. */
function mix(value: number, key: number): number {
  let h = (value ^ key) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85eb_ca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2_ae35);
  h ^= h >>> 16;
  return (h + Math.imul(key, 0x2745_937f)) >>> 0;
}

/** The keyed permutation of [0, 2^45). */
export function permute(x: number): number {
  let hi = Math.floor(x / LO_SIZE);
  let lo = x % LO_SIZE;
  for (let r = 0; r < ROUND_KEYS.length; r++) {
    if (r % 2 === 0) hi = (hi + (mix(lo, ROUND_KEYS[r]!) & HI_MASK)) & HI_MASK;
    else lo = (lo + (mix(hi, ROUND_KEYS[r]!) & LO_MASK)) & LO_MASK;
  }
  return hi * LO_SIZE + lo;
}

/** The inverse of permute. */
export function unpermute(y: number): number {
  let hi = Math.floor(y / LO_SIZE);
  let lo = y % LO_SIZE;
  for (let r = ROUND_KEYS.length - 1; r >= 0; r--) {
    if (r % 2 === 0) hi = (hi - (mix(lo, ROUND_KEYS[r]!) & HI_MASK) + HI_SIZE) & HI_MASK;
    else lo = (lo - (mix(hi, ROUND_KEYS[r]!) & LO_MASK) + LO_SIZE) & LO_MASK;
  }
  return hi * LO_SIZE + lo;
}

export interface Cell {
  row: number;
  col: number;
}

export const isOnGlobe = (lat: number, lng: number): boolean =>
  Number.isFinite(lat) && Number.isFinite(lng) && lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180;

/** The square of a point (the north pole and the 180° meridian fall in the last row and column). */
export function cellOf(lat: number, lng: number): Cell {
  if (!isOnGlobe(lat, lng)) throw new RangeError(`No such point: ${lat},${lng}`);
  return {
    row: Math.min(ROWS - 1, Math.floor((lat + 90) * CELLS_PER_DEGREE)),
    col: Math.min(COLS - 1, Math.floor((lng + 180) * CELLS_PER_DEGREE)),
  };
}

/** The three word numbers of a square. */
export function cellNumbers(cell: Cell): [number, number, number] {
  const j = permute(cell.row * COLS + cell.col);
  const wordSize = 2 ** WORD_BITS;
  return [Math.floor(j / wordSize ** 2), Math.floor(j / wordSize) % wordSize, j % wordSize];
}

/** The square of three word numbers; null when they name none. */
export function cellOfNumbers(numbers: readonly [number, number, number]): Cell | null {
  const wordSize = 2 ** WORD_BITS;
  if (numbers.some((n) => !Number.isInteger(n) || n < 0 || n >= wordSize)) return null;
  const i = unpermute((numbers[0] * wordSize + numbers[1]) * wordSize + numbers[2]);
  if (i >= CELL_COUNT) return null;
  return { row: Math.floor(i / COLS), col: i % COLS };
}

/** The words of a square, dot-separated. */
export function encodeCell(cell: Cell, words: WordList = wordList()): string {
  return cellNumbers(cell)
    .map((n) => words.words[n]!)
    .join('.');
}

/** The words of a point's square. */
export const encode = (lat: number, lng: number, words: WordList = wordList()): string =>
  encodeCell(cellOf(lat, lng), words);

/** The square of three list words `a.b.c` (lower case, no ///); null when they are not list words or name none. */
export function decode(address: string, words: WordList = wordList()): Cell | null {
  const parts = address.split('.');
  if (parts.length !== 3) return null;
  const numbers = parts.map((w) => words.numbers.get(w));
  if (numbers.some((n) => n === undefined)) return null;
  return cellOfNumbers(numbers as [number, number, number]);
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
const latOfRow = (row: number) => round6((row - 90 * CELLS_PER_DEGREE) / CELLS_PER_DEGREE);
const lngOfCol = (col: number) => round6((col - 180 * CELLS_PER_DEGREE) / CELLS_PER_DEGREE);

/** A square's centre and corners, rounded to 6 decimals (exact: the grid's lines fall on multiples of 0.00005°). */
export function squareOf(cell: Cell): {
  centre: { lat: number; lng: number };
  southwest: { lat: number; lng: number };
  northeast: { lat: number; lng: number };
} {
  const southwest = { lat: latOfRow(cell.row), lng: lngOfCol(cell.col) };
  const northeast = { lat: latOfRow(cell.row + 1), lng: lngOfCol(cell.col + 1) };
  const centre = {
    lat: round6((cell.row + 0.5 - 90 * CELLS_PER_DEGREE) / CELLS_PER_DEGREE),
    lng: round6((cell.col + 0.5 - 180 * CELLS_PER_DEGREE) / CELLS_PER_DEGREE),
  };
  return { centre, southwest, northeast };
}
