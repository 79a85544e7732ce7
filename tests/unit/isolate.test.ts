import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n/i18n.ts';
import { markersFor, sentenceParts } from '../../src/i18n/isolate.ts';

describe('sentences with people’s own words', () => {
  it('split a translation at its values, in the order the language puts them', () => {
    const t = createTranslator('ar', { greet: 'مرحباً {{name}}، لديك رسالة من {{from}}!', swap: '{{b}} ثم {{a}}' });
    const values = { name: 'Dana', from: 'Blue Harbor Books' };
    expect(sentenceParts(t('greet', markersFor(values)), values)).toEqual([
      { text: 'مرحباً ' },
      { value: 'Dana' },
      { text: '، لديك رسالة من ' },
      { value: 'Blue Harbor Books' },
      { text: '!' },
    ]);
    expect(sentenceParts(t('swap', markersFor({ a: 'A', b: 'B' })), { a: 'A', b: 'B' })).toEqual([
      { value: 'B' },
      { text: ' ثم ' },
      { value: 'A' },
    ]);
  });

  it('keep a value that is the whole sentence, and a sentence with none', () => {
    expect(sentenceParts(markersFor({ name: 'x' }).name!, { name: 'Dana' })).toEqual([{ value: 'Dana' }]);
    expect(sentenceParts('لا شيء', {})).toEqual([{ text: 'لا شيء' }]);
  });
});
