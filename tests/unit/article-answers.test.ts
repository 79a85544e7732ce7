/**
 * GET api/articles' kept answers (server/content/article-answers.ts): each question made once per source, at
 * Brotli's strong setting; past the limit of kept questions, made on every request at the quick setting.
 */
import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ArticleAnswers, MAX_KEPT_PER_SOURCE } from '../../server/content/article-answers.ts';
import { inMemoryFile } from '../../server/site/site-files.ts';

/** An answer large enough to be compressed, different per question. */
const bodyOf = (n: number) => ({
  n,
  items: Array.from({ length: 60 }, (_, i) => ({
    title: `Question ${n}.${i} ${createHash('sha1').update(`${n}.${i}`).digest('base64')}`,
    body: `How do I ship ${(i * 7919) % 101} items to country ${i % 13}? ${createHash('md5').update(String(i)).digest('hex')}`,
  })),
});

describe('kept article answers', () => {
  it('makes each question once per source, and again for a new source', () => {
    const answers = new ArticleAnswers();
    const [one, two] = [{}, {}];
    let made = 0;
    const make = () => {
      made += 1;
      return { body: bodyOf(1), pagination: null };
    };
    const first = answers.get(one, 'q', '?q', make);
    expect(answers.get(one, 'q', '?q=1', make)).toBe(first);
    expect(made).toBe(1);
    expect(answers.lookup(one, '?q=1')).toBe(first);
    answers.get(two, 'q', '?q', make);
    expect(made).toBe(2);
    expect(answers.lookup(two, '?other')).toBeUndefined();
  });

  it(`past ${MAX_KEPT_PER_SOURCE} questions, makes each answer per request at the quick setting`, () => {
    const answers = new ArticleAnswers();
    const source = {};
    for (let n = 0; n < MAX_KEPT_PER_SOURCE; n += 1) {
      answers.get(source, `q${n}`, `?q=${n}`, () => ({ body: { n }, pagination: null }));
    }
    const identity = Buffer.from(JSON.stringify(bodyOf(-1)));
    let made = 0;
    const make = () => {
      made += 1;
      return { body: bodyOf(-1), pagination: null };
    };
    const past = answers.get(source, 'past', '?past', make);
    answers.get(source, 'past', '?past', make);
    expect(made).toBe(2);
    expect(brotliDecompressSync(past.br!)).toEqual(identity);
    expect(past.br).toEqual(inMemoryFile(identity, 'application/json').br);
    // A kept answer gets the strong setting, which differs from the quick one here.
    const keptOne = new ArticleAnswers().get({}, 'k', '?k', () => ({ body: bodyOf(-1), pagination: null }));
    expect(keptOne.br).not.toEqual(past.br);
  });
});
