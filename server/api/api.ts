import type { ApiDeps } from './env.ts';
import { ApiRouter } from './router.ts';
import { loadSession } from './session.ts';
import { refuseCrossSite } from './csrf.ts';
import { HttpError, asHttpError } from './http-errors.ts';
import { accountRoutes } from './account/account.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { uploadsRoutes } from './uploads/uploads.routes.ts';
import { referenceRoutes } from './reference/reference.routes.ts';
import { signupRoutes } from './signup/signup.routes.ts';
import { marketingRoutes } from './marketing/marketing.routes.ts';
import { addressesRoutes } from './account-home/addresses.routes.ts';
import { packagesMessagesRoutes } from './account-home/packages-messages.routes.ts';
import { requestsRoutes } from './account-home/requests.routes.ts';
import { claimsRoutes } from './account-home/claims.routes.ts';
import { articlesRoutes } from './articles/articles.routes.ts';
import { widgetsRoutes } from './widgets/widgets.routes.ts';
import { sessionsRoutes } from './sessions/sessions.routes.ts';
import { twoFactorRoutes } from './two-factor/two-factor.routes.ts';
import { passkeysRoutes } from './passkeys/passkeys.routes.ts';
import { landedCostRoutes } from './landed-cost/landed-cost.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { walletRoutes } from './wallet/wallet.routes.ts';
import { serviceOptionsRoutes } from './service-options/service-options.routes.ts';
import { pendingPaymentsRoutes } from './pending-payments/pending-payments.routes.ts';
import { returnsRoutes } from './returns/returns.routes.ts';
import { trackingRoutes } from './tracking/tracking.routes.ts';
import { directionsRoutes } from './directions/directions.routes.ts';
import { threeWordsRoutes } from './three-words/three-words.routes.ts';
import { mapsRoutes } from './maps/maps.routes.ts';
import { pushRoutes } from './push/push.routes.ts';
import { ErrorCode } from '../../src/lib/api/errors.ts';

/** The reference API of spec 2 §7, mounted under /api. */
export function createApi(deps: ApiDeps): ApiRouter {
  const router = new ApiRouter(deps.checkContract);
  router.app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  // Every state-changing call sent by a browser from another site is refused, whatever its content type,
  // before the session is even looked up (server/api/csrf.ts, docs/decisions/022).
  router.app.use('*', refuseCrossSite);
  router.app.use('*', loadSession);

  accountRoutes(router);
  usersRoutes(router);
  uploadsRoutes(router);
  referenceRoutes(router);
  signupRoutes(router);
  marketingRoutes(router);
  addressesRoutes(router);
  packagesMessagesRoutes(router);
  requestsRoutes(router);
  claimsRoutes(router);
  articlesRoutes(router);
  widgetsRoutes(router);
  landedCostRoutes(router);
  sessionsRoutes(router);
  twoFactorRoutes(router);
  passkeysRoutes(router);
  paymentsRoutes(router);
  walletRoutes(router);
  serviceOptionsRoutes(router);
  pendingPaymentsRoutes(router);
  returnsRoutes(router);
  trackingRoutes(router);
  directionsRoutes(router);
  threeWordsRoutes(router);
  mapsRoutes(router);
  pushRoutes(router);

  router.app.all('/api/*', (c) => c.json({ code: ErrorCode.notFound, message: 'No such API call' }, 404));
  router.app.onError((thrown, c) => {
    const error = asHttpError(thrown);
    if (error instanceof HttpError) {
      if (error.status === 503 && error.cause instanceof Error) {
        // The driver's error alone: the query builder's wrapper would log the query's parameters.
        const { code, message } = error.cause as Error & { code?: unknown };
        deps.logger.warn({ code, reason: message, path: new URL(c.req.url).pathname }, 'database unavailable');
      }
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body, error.status);
    }
    deps.logger.error({ err: error, path: new URL(c.req.url).pathname }, 'unhandled API error');
    return c.json({ code: ErrorCode.serverError, message: 'Something went wrong' }, 500);
  });
  return router;
}
