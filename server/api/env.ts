import type { ArticleAnswers } from '../content/article-answers.ts';
import type { Context } from 'hono';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { SessionStore } from '../auth/sessions.ts';
import type { Throttle } from '../auth/throttle.ts';
import type { AccountLinks } from '../auth/account-links.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { UploadStorage } from '../uploads/storage.ts';
import type { Brand } from '../../src/brands/brands.ts';
import type { CountryByIp } from '../geo/country-by-ip.ts';
import type { ArticleSource } from '../content/article-source.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { RoutingService } from '../routing/routing-service.ts';
import type { ThreeWordService } from '../three-words/three-word-service.ts';
import type { PushSender } from '../push/push-sender.ts';

/** What every API handler can reach. */
export interface ApiDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  sessions: SessionStore;
  throttle: Throttle;
  links: AccountLinks;
  mailer: Mailer;
  brand: Brand;
  trustProxy: boolean;
  /** Trusted proxies in front that each append to X-Forwarded-For (read only with `trustProxy`). */
  proxyHops: number;
  /** The request header where the network edge puts the visitor's country (read only with `trustProxy`). */
  countryHeader: string;
  /** The visitor's country by their address, when the edge gives no country header. */
  countryByIp: CountryByIp;
  /** The site's articles (src/content), loaded once. */
  articles: () => Promise<ArticleSource>;
  /** GET api/articles' answers, kept per article source (shared with the quick path). */
  articleAnswers: ArticleAnswers;
  /** Origin for links in e-mails; the request's own when unset. */
  publicOrigin: string | undefined;
  /** Where uploaded files are kept. */
  uploads: UploadStorage;
  /** The payment provider (the sandbox unless a real adapter is configured). */
  payments: PaymentProvider;
  /** Directions for the office locator (a routing server, else the direct-line estimate). */
  routing: RoutingService;
  /** The three-word address service (the embedded encoding unless what3words is configured). */
  threeWords: ThreeWordService;
  /** Refuse answers and errors a call's declaration doesn't promise (tests; docs/decisions/028). */
  checkContract?: boolean;
  /** The AES key the second step's secrets are stored with (server/auth/totp.ts totpKeyFrom). */
  totpKey: Buffer;
  /** Web Push: the devices customers turned notifications on in, and the messages to them (server/push). */
  push: PushSender;
}

export interface ApiEnv {
  Variables: {
    deps: ApiDeps;
    /** The logged-in user, when the request carries a live session. */
    userGuid: string | undefined;
    sessionId: string | undefined;
  };
}

/**
 * The context of a call that needs a session, after the session check (server/api/router.ts): the user is known.
 * Still a Context<ApiEnv>, so every helper that takes one takes it.
 */
export type SessionContext = Context<ApiEnv> & {
  readonly var: Readonly<ApiEnv['Variables'] & { userGuid: string; sessionId: string }>;
};
