/**
 * The policy of a page the server writes for a tool of its own (the API reference, the content editor): scripts
 * from this origin (and given inline blocks by hash), styles inline since those tools inject theirs at run time,
 * nothing else from outside unless named.
 */
export function toolPagePolicy(options: {
  scripts?: string[];
  connect?: string[];
  images?: string[];
  frames?: boolean;
}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(options.scripts ?? [])].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data:", ...(options.images ?? [])].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...(options.connect ?? [])].join(' '),
    ...(options.frames ? ["frame-src 'self'"] : []),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join('; ');
}
