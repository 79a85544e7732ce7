/** The routing engine the configuration asks for: a routing server at ROUTING_URL, else the direct-line estimate. */
import type { RoutingService } from './routing-service.ts';
import { DirectLineRouting } from './direct-line.ts';
import { OsrmRouting } from './osrm.ts';
import { ValhallaRouting } from './valhalla.ts';

export type RoutingServerKind = 'osrm' | 'valhalla';

export function createRoutingService(options: {
  url?: string | undefined;
  engine?: RoutingServerKind;
  timeoutMs?: number;
}): RoutingService {
  if (!options.url) return new DirectLineRouting();
  const upstream = { url: options.url, ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }) };
  return options.engine === 'valhalla' ? new ValhallaRouting(upstream) : new OsrmRouting(upstream);
}
