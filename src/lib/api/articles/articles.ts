import { http } from '../http.ts';
import { call } from '../call.ts';
import { articleResponseSchema, articlesQuerySchema, type ArticleResponse, type ArticlesQuery } from './contract.ts';

/** GET api/articles: a list (FAQs, service updates, …) or one page, in a language, for a brand. */
export function getArticles(query: ArticlesQuery, signal?: AbortSignal): Promise<ArticleResponse> {
  const q = articlesQuerySchema.parse(query);
  const searchParams: Record<string, string | number> = {
    subCategory: q.subCategory,
    language: q.language,
    scope: q.scope,
    pageindex: q.pageindex,
    pagesize: q.pagesize,
  };
  if (q.shoppingDirectory) searchParams.shoppingDirectory = q.shoppingDirectory;
  return call(articleResponseSchema, () => http.get('articles', signal ? { searchParams, signal } : { searchParams }));
}
