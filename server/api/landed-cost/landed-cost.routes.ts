/**
 * GET api/v1/landedcost (issue 24): what a parcel costs to land, line by line. Open to visitors; a logged-in
 * customer's plan prices the freight when the call names none. The rules are src/lib/landed-cost; the server's side
 * is server/landed-cost/estimates.ts.
 */
import { getLandedCost } from '../../../src/lib/api/landed-cost/contract.ts';
import { LandedCostError } from '../../../src/lib/landed-cost/index.ts';
import { estimateFor, planOfUser } from '../../landed-cost/estimates.ts';
import { invalid, notFound } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';

export function landedCostRoutes(router: ApiRouter): void {
  router.handle(getLandedCost, async (c, { query }) => {
    const { db } = c.var.deps;
    const { length, width, height } = query;
    const sides =
      length !== undefined && width !== undefined && height !== undefined
        ? { length, width, height, unit: query.dimensionUnit }
        : undefined;
    // The answer depends on the session (its plan): no shared cache may keep it.
    c.header('Cache-Control', 'private, no-store');
    try {
      const estimate = await estimateFor(db, {
        origin: query.origin,
        destination: query.destination,
        weight: query.weight,
        unit: query.unit,
        sides,
        value: query.value,
        valueCurrency: query.valueCurrency,
        category: query.category,
        planId: query.planId ?? (await planOfUser(db, c.var.userGuid)) ?? 1,
        currency: query.currency,
      });
      if (!estimate) throw notFound();
      return estimate;
    } catch (error) {
      if (error instanceof LandedCostError) {
        // A currency without a rate is the caller's to change; figures missing for a destination are a route the
        // estimate doesn't cover.
        if (error.field === 'currency' || error.field === 'valueCurrency')
          throw invalid({ [error.field]: ['unknown currency'] });
        throw notFound();
      }
      throw error;
    }
  });
}
