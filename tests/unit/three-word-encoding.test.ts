import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CELL_COUNT,
  COLS,
  ROWS,
  WORD_COUNT,
  WORD_LIST_FILE,
  cellNumbers,
  cellOf,
  cellOfNumbers,
  decode,
  encode,
  encodeCell,
  parseWordList,
  permute,
  squareOf,
  unpermute,
  wordList,
} from '../../server/three-words/three-word-encoding.ts';
import {
  EmbeddedThreeWords,
  MAX_PREFIX_CANDIDATES,
  completions,
  nearWords,
} from '../../server/three-words/embedded-three-words.ts';
import { ThreeWordRangeError, type ThreeWordService } from '../../server/three-words/three-word-service.ts';
import { countryAt, countryCentre, isInCountry, loadCountries } from '../../server/geo/country-at-point.ts';
import { mulberry32, wordListText } from '../../scripts/three-word-list.ts';
import {
  isThreeWordAddress,
  isThreeWordTyping,
  matchesSuggestion,
} from '../../src/lib/three-words/three-word-address.ts';
import { suggestionSchema } from '../../src/lib/api/three-words/contract.ts';

/** The committed list's checksum: a regenerated or edited list changes every stored address and fails here. */
const WORD_LIST_SHA256 = 'c30784dc922a7e360b2ab95ee9466c22b78676e338afc6275ccc46e5e7a3dde8';

/** A seeded generator (the list script's), so every run draws the same points. */
const seeded = mulberry32;

const randomPoint = (random: () => number) => ({ lat: random() * 180 - 90, lng: random() * 360 - 180 });
const EPSILON = 1e-9;

describe('the word list (frozen)', () => {
  const text = readFileSync(WORD_LIST_FILE, 'utf8');

  it('holds 32768 distinct lowercase words of 4 to 8 letters after its comment lines', () => {
    const words = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
    expect(words).toHaveLength(WORD_COUNT);
    expect(new Set(words).size).toBe(WORD_COUNT);
    for (const w of words) expect(w).toMatch(/^[a-z]{4,8}$/);
    expect(text.startsWith('# ')).toBe(true);
    expect(text).toContain('Copyright 2000-2016 by Kevin Atkinson');
    expect(text).toContain('Permission to use, copy, modify, distribute and sell these word');
  });

  it('has the checksum it was committed with', () => {
    expect(createHash('sha256').update(text).digest('hex')).toBe(WORD_LIST_SHA256);
  });

  it('is exactly what scripts/three-word-list.ts makes (same source, blocklist and shuffle)', () => {
    expect(wordListText()).toBe(text);
  });

  it('is shuffled: neighbouring numbers are not alphabetical neighbours', () => {
    const { words } = wordList();
    let ascending = 0;
    for (let i = 1; i < words.length; i++) if (words[i - 1]! < words[i]!) ascending++;
    // A sorted list would give 32767; a shuffled one about half.
    expect(ascending / (words.length - 1)).toBeGreaterThan(0.45);
    expect(ascending / (words.length - 1)).toBeLessThan(0.55);
  });

  it('refuses a list of the wrong size, with duplicates or with bad words', () => {
    const words = wordList().words;
    expect(() => parseWordList(words.slice(1).join('\n'))).toThrow();
    expect(() => parseWordList([...words.slice(1), words[0]!, words[0]!].join('\n'))).toThrow();
    expect(() => parseWordList(['Capital', ...words.slice(1)].join('\n'))).toThrow();
    expect(() => parseWordList(`# comment\n${words.join('\n')}\n`)).not.toThrow();
  });
});

describe('the permutation', () => {
  it('is a bijection of [0, 2^45): unpermute undoes permute, and values stay in range', () => {
    const random = seeded(7);
    const samples = [0, 1, 2, CELL_COUNT - 1, CELL_COUNT, 2 ** 45 - 1];
    for (let k = 0; k < 5000; k++) samples.push(Math.floor(random() * 2 ** 45));
    for (const x of samples) {
      const y = permute(x);
      expect(Number.isInteger(y) && y >= 0 && y < 2 ** 45).toBe(true);
      expect(unpermute(y)).toBe(x);
    }
  });

  it('keeps the encodings it was committed with (frozen algorithm)', () => {
    expect(permute(0)).toBe(11864809033389);
    expect(permute(1)).toBe(2872439928809);
    expect(encode(25.197197, 55.274376)).toBe('amends.compares.freshets');
    expect(encode(51.500729, -0.124625)).toBe('stumbles.hindered.hobbyist');
    expect(encode(24.7136, 46.6753)).toBe('queens.doming.affair');
    expect(encode(-90, -180)).toBe('errors.slumbers.uneaten');
    expect(encode(90, 180)).toBe('lambkins.petunia.sprocket');
  });
});

describe('encoding and decoding', () => {
  it('round-trips 2000 random points: the words name a square holding the point, whose centre has the same words', () => {
    const random = seeded(2026);
    const { numbers } = wordList();
    for (let k = 0; k < 2000; k++) {
      const { lat, lng } = randomPoint(random);
      const words = encode(lat, lng);
      const parts = words.split('.');
      expect(parts).toHaveLength(3);
      for (const w of parts) expect(numbers.has(w)).toBe(true);
      const cell = decode(words);
      expect(cell).not.toBeNull();
      const { centre, southwest, northeast } = squareOf(cell!);
      expect(lat).toBeGreaterThanOrEqual(southwest.lat - EPSILON);
      expect(lat).toBeLessThanOrEqual(northeast.lat + EPSILON);
      expect(lng).toBeGreaterThanOrEqual(southwest.lng - EPSILON);
      expect(lng).toBeLessThanOrEqual(northeast.lng + EPSILON);
      expect(northeast.lat - southwest.lat).toBeCloseTo(1 / 20000, 9);
      expect(northeast.lng - southwest.lng).toBeCloseTo(1 / 20000, 9);
      expect(encode(centre.lat, centre.lng)).toBe(words);
    }
  });

  it('gives neighbouring squares distinct, unrelated words', () => {
    const random = seeded(99);
    let sharing = 0;
    const pairs = 2000;
    for (let k = 0; k < pairs; k++) {
      const row = Math.floor(random() * (ROWS - 1));
      const col = Math.floor(random() * (COLS - 1));
      const here = encodeCell({ row, col }).split('.');
      for (const other of [encodeCell({ row, col: col + 1 }), encodeCell({ row: row + 1, col })]) {
        const there = other.split('.');
        expect(there.join('.')).not.toBe(here.join('.'));
        const same = there.filter((w) => here.includes(w)).length;
        // Not one square of 4000 neighbours shares two words; a shared word at all is chance (about 1 in 3000).
        expect(same).toBeLessThan(2);
        if (same > 0) sharing++;
      }
    }
    expect(sharing).toBeLessThanOrEqual(pairs * 2 * 0.005);
  });

  it('decodes word triples that name no square, and anything not three list words, to null', () => {
    const random = seeded(5);
    const { words } = wordList();
    let invalid = 0;
    const draws = 4000;
    for (let k = 0; k < draws; k++) {
      const numbers: [number, number, number] = [0, 0, 0].map(() => Math.floor(random() * WORD_COUNT)) as [
        number,
        number,
        number,
      ];
      const address = numbers.map((n) => words[n]).join('.');
      const cell = decode(address);
      const i = unpermute((numbers[0] * WORD_COUNT + numbers[1]) * WORD_COUNT + numbers[2]);
      if (i >= CELL_COUNT) {
        invalid++;
        expect(cell).toBeNull();
      } else {
        expect(cell).toEqual({ row: Math.floor(i / COLS), col: i % COLS });
        expect(encodeCell(cell!)).toBe(address);
      }
    }
    // 1 - 180·360·20000² / 2^45 of all triples (about 26%) name no square.
    const expected = 1 - CELL_COUNT / 2 ** 45;
    expect(invalid / draws).toBeGreaterThan(expected - 0.03);
    expect(invalid / draws).toBeLessThan(expected + 0.03);
    const [a, b, c] = encode(10, 10).split('.');
    expect(decode(`${a}.${b}`)).toBeNull();
    expect(decode(`${a}.${b}.${c}.${c}`)).toBeNull();
    expect(decode(`${a}.${b}.zzzzzzzz`)).toBeNull();
    expect(decode(`${a!.toUpperCase()}.${b}.${c}`)).toBeNull();
    expect(cellOfNumbers([WORD_COUNT, 0, 0])).toBeNull();
    expect(cellOfNumbers([-1, 0, 0])).toBeNull();
  });

  it('puts the poles and the 180° meridian in the last row and column, and refuses points off the globe', () => {
    expect(cellOf(90, 180)).toEqual({ row: ROWS - 1, col: COLS - 1 });
    expect(cellOf(-90, -180)).toEqual({ row: 0, col: 0 });
    expect(cellNumbers({ row: 0, col: 0 }).every((n) => n >= 0 && n < WORD_COUNT)).toBe(true);
    for (const [lat, lng] of [
      [90.0001, 0],
      [0, -180.5],
      [Number.NaN, 0],
      [0, Infinity],
    ] as const) {
      expect(() => cellOf(lat, lng)).toThrow(RangeError);
    }
  });
});

describe('country at a point (Natural Earth 1:50m)', () => {
  beforeAll(() => loadCountries());

  it.each([
    ['Dubai', 25.2048, 55.2708, 'AE'],
    ['Riyadh', 24.7136, 46.6753, 'SA'],
    ['Cairo', 30.0444, 31.2357, 'EG'],
    ['London', 51.5074, -0.1278, 'GB'],
    ['Kuwait City', 29.3759, 47.9774, 'KW'],
    ['Amman', 31.95, 35.93, 'JO'],
    ['Chukotka, east of 180°', 66, -175, 'RU'],
    ['Kamchatka, west of 180°', 56, 160, 'RU'],
    ['Viti Levu', -17.8, 178, 'FJ'],
    ['Maseru, Lesotho (a hole in South Africa)', -29.31, 27.48, 'LS'],
    ['Johannesburg', -26.2, 28.04, 'ZA'],
    ['inland Antarctica', -80, 0, 'AQ'],
    ['mid Atlantic', 30, -40, null],
    ['mid Pacific', 0, -150, null],
    ['the Caspian Sea', 42, 51, null],
  ])('%s → %s', (_name, lat, lng, code) => {
    expect(countryAt(lat, lng)).toBe(code);
  });

  it('answers null for a point off the globe', () => {
    expect(countryAt(91, 0)).toBeNull();
    expect(countryAt(0, Number.NaN)).toBeNull();
  });

  it('gives each country a centre inside it, and null for an unknown code', () => {
    for (const code of ['SA', 'AE', 'BH', 'KW', 'EG', 'GB', 'US', 'RU', 'FJ', 'NO', 'AQ']) {
      const centre = countryCentre(code);
      expect(centre, code).not.toBeNull();
      expect(countryAt(centre!.lat, centre!.lng), code).toBe(code);
    }
    expect(countryCentre('sa')).toEqual(countryCentre('SA'));
    expect(countryCentre('XX')).toBeNull();
  });

  it('tests one country as countryAt does', () => {
    expect(isInCountry(24.7136, 46.6753, 'SA')).toBe(true);
    expect(isInCountry(24.7136, 46.6753, 'ae')).toBe(false);
    expect(isInCountry(30, -40, 'US')).toBe(false);
  });
});

describe('the embedded service', () => {
  const service: ThreeWordService = new EmbeddedThreeWords();
  const riyadh = encode(24.7136, 46.6753);
  const [first, second, third] = riyadh.split('.') as [string, string, string];

  it('forwards words to their square and country, and an unknown address to null', async () => {
    const found = await service.forward(`///${riyadh}`);
    expect(found).toMatchObject({ words: riyadh, country: 'SA' });
    expect(Math.abs(found!.lat - 24.7136)).toBeLessThan(1 / 20000);
    expect(Math.abs(found!.lng - 46.6753)).toBeLessThan(1 / 20000);
    expect(found!.geometry.southwest.lat).toBeLessThan(found!.lat);
    expect(found!.geometry.northeast.lng).toBeGreaterThan(found!.lng);
    expect(await service.forward(`${first}.${second}.notaword`)).toBeNull();
    expect(await service.forward('مثال.عنوان.عربي')).toBeNull();
  });

  it('reverses a point to English words in any language; 0,0 is ignored and a point off the globe refused', async () => {
    const en = await service.reverse(25.2048, 55.2708, 'en');
    const ar = await service.reverse(25.2048, 55.2708, 'ar');
    expect(en).toEqual(ar);
    expect(en!.words).toMatch(/^[a-z]+\.[a-z]+\.[a-z]+$/);
    expect(en!.country).toBe('AE');
    expect((await service.forward(en!.words))!.words).toBe(en!.words);
    expect(await service.reverse(0, 0, 'en')).toBeNull();
    await expect(service.reverse(95, 0, 'en')).rejects.toBeInstanceOf(ThreeWordRangeError);
    await expect(service.reverse(0, 200, 'en')).rejects.toBeInstanceOf(ThreeWordRangeError);
  });

  it('completes a prefix, clipped to a country: only squares in that country, at most 50, alphabetical', async () => {
    const input = `${first}.${second}.${third.slice(0, 1)}`;
    const all = await service.autosuggest({ input, limit: 50 });
    expect(all).toHaveLength(50);
    const clipped = await service.autosuggest({ input, country: 'SA', limit: 50 });
    expect(clipped.length).toBeGreaterThan(0);
    expect(clipped.length).toBeLessThanOrEqual(50);
    for (const s of clipped) {
      expect(suggestionSchema.parse(s)).toEqual(s);
      expect(s.country).toBe('SA');
      expect(s.words.startsWith(input)).toBe(true);
      const cell = decode(s.words)!;
      const { centre } = squareOf(cell);
      expect(countryAt(centre.lat, centre.lng)).toBe('SA');
      expect(s).toMatchObject({ text: s.words, label: `///${s.words}`, place: 'Saudi Arabia' });
    }
    expect(clipped.map((s) => s.words)).toContain(riyadh);
    expect(clipped.map((s) => s.words)).toEqual([...clipped.map((s) => s.words)].sort());
    // The same prefix holds no square in Bahrain here: clipping drops them all.
    const bahrain = await service.autosuggest({ input, country: 'BH', limit: 50 });
    for (const s of bahrain) expect(isInCountry(decodeCentre(s.words).lat, decodeCentre(s.words).lng, 'BH')).toBe(true);
    expect(await service.autosuggest({ input, country: 'SA', limit: 2 })).toHaveLength(Math.min(2, clipped.length));
  });

  it('puts the exact match first, then the nearest to the focus', async () => {
    const exact = await service.autosuggest({ input: riyadh, limit: 50 });
    expect(exact[0]!.words).toBe(riyadh);
    expect(exact.length).toBeGreaterThan(1);
    const prefix = `${first}.${second}.${third.slice(0, 2)}`;
    const focus = { lat: 24.7136, lng: 46.6753 };
    const near = await service.autosuggest({ input: prefix, focus, limit: 50 });
    expect(near[0]!.words).toBe(riyadh);
    const distances = near.map((s) => {
      const c = decodeCentre(s.words);
      return Math.hypot(c.lat - focus.lat, (c.lng - focus.lng) * Math.cos((focus.lat * Math.PI) / 180));
    });
    // Great-circle order; the flat approximation agrees for the first few, which are far apart.
    expect(distances[0]).toBeLessThan(distances[1]!);
  });

  it('finds a near miss of a complete address (one letter wrong, missing, extra or swapped)', async () => {
    const typos = [
      `${first}.${second}.${third.slice(0, -1)}x`,
      `${first.slice(1)}.${second}.${third}`,
      `${first}.${second}e.${third}`,
      `${first}.${second}.${third[1]}${third[0]}${third.slice(2)}`,
    ];
    for (const typo of typos) {
      const found = await service.autosuggest({ input: typo, country: 'SA', limit: 50 });
      expect(
        found.map((s) => s.words),
        typo,
      ).toContain(riyadh);
    }
  });

  it('names the country in the asked language, and has nothing for Arabic or malformed input', async () => {
    const [ar] = await service.autosuggest({ input: riyadh, country: 'SA', language: 'ar', limit: 1 });
    expect(ar).toMatchObject({ words: riyadh, country: 'SA' });
    expect(ar!.place).toContain('السعودية');
    expect(await service.autosuggest({ input: 'مثال.عنوان.عر', limit: 50 })).toEqual([]);
    expect(await service.autosuggest({ input: `${first}.${second}`, limit: 50 })).toEqual([]);
    expect(await service.autosuggest({ input: `${first}.${second}.1`, limit: 50 })).toEqual([]);
    expect(await service.autosuggest({ input: `${first} ${second}.${third}`, limit: 50 })).toEqual([]);
    expect((await service.autosuggest({ input: `///${riyadh.toUpperCase()}`, limit: 1 }))[0]!.words).toBe(riyadh);
  });

  it('keeps its work bounded and fast', async () => {
    expect(completions(wordList(), '', MAX_PREFIX_CANDIDATES)).toHaveLength(MAX_PREFIX_CANDIDATES);
    expect(nearWords(wordList(), third)).toContain(third);
    const started = performance.now();
    for (const input of [`${first}.${second}.`, `${first}.${second}.s`, riyadh]) {
      await service.autosuggest({ input, country: 'RU', limit: 50 });
      await service.autosuggest({ input, limit: 50, focus: { lat: 0, lng: 1 } });
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

function decodeCentre(words: string) {
  return squareOf(decode(words)!).centre;
}

describe('the three-word field rules (spec 1 §5)', () => {
  const suggestions = [
    { words: 'alpha.bravo.charlie', country: 'SA' },
    { words: 'alpha.bravo.charlies', country: 'AE' },
    { words: 'خريطة.بيت.سوق', country: 'JO' },
  ];

  it('matches a suggestion only with the expected country and the same words (/// removed)', () => {
    expect(matchesSuggestion('alpha.bravo.charlie', 'SA', suggestions)).toBe(true);
    expect(matchesSuggestion('///alpha.bravo.charlie', 'SA', suggestions)).toBe(true);
    expect(matchesSuggestion('///خريطة.بيت.سوق', 'JO', suggestions)).toBe(true);
    expect(matchesSuggestion('alpha.bravo.charlie', 'AE', suggestions)).toBe(false);
    expect(matchesSuggestion('alpha.bravo.charlies', 'SA', suggestions)).toBe(false);
    expect(matchesSuggestion('alpha.bravo.charl', 'SA', suggestions)).toBe(false);
    expect(matchesSuggestion('alpha.bravo.charlie', 'SA', [])).toBe(false);
    expect(matchesSuggestion('', 'SA', suggestions)).toBe(false);
    expect(matchesSuggestion('alpha.bravo.charlie', '', suggestions)).toBe(false);
    expect(matchesSuggestion('alpha.bravo.charlie', 'SA', [{ words: 'alpha.bravo.charlie', country: null }])).toBe(
      false,
    );
  });

  it('lets typing through while it can still become an address', () => {
    for (const ok of [
      '',
      '/',
      '//',
      '///',
      'a',
      'alpha',
      'alpha.',
      'alpha.bravo',
      'alpha.bravo.',
      '///alpha.b',
      '.',
      '..',
    ]) {
      expect(isThreeWordTyping(ok), ok).toBe(true);
    }
    for (const ok of ['خ', 'خريطة.', 'خريطة.بيت.سو', '///خَريطة.بيت']) expect(isThreeWordTyping(ok), ok).toBe(true);
  });

  it('rejects upper case, digits, spaces, a third dot, other signs and mixed scripts', () => {
    for (const bad of [
      'Alpha',
      'alpha.Bravo',
      'alpha1',
      'alpha.٣',
      'alpha bravo',
      ' alpha',
      'alpha.bravo.charlie.',
      'alpha..bravo.x',
      'alpha-bravo',
      'alpha/bravo',
      '////alpha',
      'alpha.خريطة',
      'خريطةa',
      'é.b.c',
    ]) {
      expect(isThreeWordTyping(bad), bad).toBe(false);
    }
  });

  it('the final pattern still wants three words of three letters or more', () => {
    expect(isThreeWordTyping('alpha.br')).toBe(true);
    expect(isThreeWordAddress('alpha.br')).toBe(false);
    expect(isThreeWordAddress('alpha.bravo.charlie')).toBe(true);
  });
});
