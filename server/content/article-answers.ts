/**
 * GET api/articles answers kept per build and per query: the articles change only when a build (or a publish from
 * the editor) hands the API a new article source, so each distinct question is answered once per source, then sent
 * as bytes, in the encoding the client takes best, with an ETag and 304 (docs/decisions/040).
 */
import { inMemoryFile, type SiteFile } from '../site/site-files.ts';
import { answerFile, type Ask, type SiteAnswer } from '../site/site-handler.ts';
import { PAGINATION_HEADER } from '../../src/lib/api/account-home/contract.ts';

/** A kept answer: its JSON in every form, and the X-Pagination of a list. */
export interface KeptAnswer extends SiteFile {
  pagination: string | null;
}

/** Distinct questions kept per source at most; past it (page numbers made up one after another) answers are made each time. */
export const MAX_KEPT_PER_SOURCE = 2_000;

/** Brotli quality of a kept answer (0–11): strong, since it is made once and sent many times. */
export const KEPT_BROTLI_QUALITY = 9;

interface Kept {
  /** By the question as parsed. */
  byQuestion: Map<string, KeptAnswer>;
  /** By the query string as sent, for the quick path (server/site/quick-path.ts). */
  bySearch: Map<string, KeptAnswer>;
}

export class ArticleAnswers {
  readonly #bySource = new WeakMap<object, Kept>();

  #kept(source: object): Kept {
    let kept = this.#bySource.get(source);
    if (!kept) {
      kept = { byQuestion: new Map(), bySearch: new Map() };
      this.#bySource.set(source, kept);
    }
    return kept;
  }

  /**
   * The answer to `question` about `source`, made by `make` the first time; `search`, the query string as sent
   * (`?subCategory=faqs&…`), is remembered for it, so the next request sent the same way is answered at once.
   */
  get(
    source: object,
    question: string,
    search: string,
    make: () => { body: unknown; pagination: string | null },
  ): KeptAnswer {
    const kept = this.#kept(source);
    let answer = kept.byQuestion.get(question);
    if (!answer) {
      const made = make();
      const keeping = kept.byQuestion.size < MAX_KEPT_PER_SOURCE;
      // Brotli's strong setting for an answer made once per build and question and sent many times; past the
      // limit, where an answer is made for every request, the server's quick setting.
      answer = {
        ...inMemoryFile(
          Buffer.from(JSON.stringify(made.body)),
          'application/json',
          keeping ? KEPT_BROTLI_QUALITY : undefined,
        ),
        pagination: made.pagination,
      };
      if (keeping) kept.byQuestion.set(question, answer);
    }
    if (kept.bySearch.size < MAX_KEPT_PER_SOURCE) kept.bySearch.set(search, answer);
    return answer;
  }

  /** The answer kept for a request sent with `search` about `source`, if one was sent that way before. */
  lookup(source: object, search: string): KeptAnswer | undefined {
    return this.#bySource.get(source)?.bySearch.get(search);
  }
}

/** A kept answer as sent: 304 when the client holds it, else its bytes in the encoding the client takes best. */
export function keptAnswer(answer: KeptAnswer, ask: Ask): SiteAnswer {
  const sent = answerFile(answer, 200, null, ask);
  if (answer.pagination) sent.headers[PAGINATION_HEADER] = answer.pagination;
  return sent;
}
