/** The checkout store's side effects in the browser (src/lib/payments/checkout-store.ts `CheckoutDeps`). */
import type { CheckoutDeps } from '../../../lib/payments/checkout-store.ts';
import { storeOrderSummary } from '../../../lib/payments/order-summary.ts';
import { keepPendingRedirect, takePendingRedirect } from '../../../lib/payments/pending-redirect.ts';
import { forgetPlan } from '../../../lib/signup/signup-steps.ts';
import { $session, setCurrentUser } from '../../../lib/session/session-store.ts';
import { notify } from '../../../lib/notifications/notifications.ts';
import { pushEvent } from '../../../lib/analytics/data-layer.ts';

export function browserCheckoutDeps(onPaid: CheckoutDeps['onPaid']): CheckoutDeps {
  return {
    $user: $session,
    setUser: setCurrentUser,
    page: location,
    navigate: (url) => location.assign(url),
    replaceUrl: (url) => history.replaceState(history.state, '', url),
    notify: (type, key) => notify(type, key),
    pushEvent,
    storeOrderSummary,
    forgetPlan,
    keepPendingRedirect,
    takePendingRedirect,
    onPaid,
  };
}
