import type { Context } from 'hono';
import { findCountry } from '../reference/lookups.ts';
import { clientAddress } from './client-address.ts';
import type { ApiEnv } from './env.ts';

/**
 * The country the request comes from, among those the service knows: the edge's header behind a trusted proxy
 * (without one, the header could be anyone's word), else the offline IP database on the client's address
 * (loopback and private addresses: none); null when neither knows.
 */
export async function clientCountry(c: Context<ApiEnv>): Promise<string | null> {
  const { trustProxy, countryHeader, countryByIp, db } = c.var.deps;
  const reported = trustProxy ? c.req.header(countryHeader) : undefined;
  let country = reported ? await findCountry(db, reported) : undefined;
  if (!country) {
    const located = countryByIp.lookup(clientAddress(c));
    if (located) country = await findCountry(db, located);
  }
  return country?.code ?? null;
}
