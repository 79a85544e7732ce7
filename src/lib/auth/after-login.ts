/**
 * Where a customer lands after logging in (spec 1 §2.2): no mailboxes → signup.new; an ID attachment
 * mandatory and not uploaded → signup.upload; else the page they were going to; else account-home.
 */
import { getRoute, Access } from '../routes/route-table.ts';
import type { LoginResponse } from '../api/session/contract.ts';

export interface Target {
  name: string;
  params: Record<string, string>;
}

function rememberedParams(raw: string | null): Record<string, string> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export function afterLoginTarget(user: LoginResponse, query: URLSearchParams): Target {
  if (!user.hasMailboxes) return { name: 'signup.new', params: {} };
  if (user.isIdAttachmentMandatory && !user.isIdUploaded) return { name: 'signup.upload', params: {} };
  const wanted = query.get('toStateName');
  const route = wanted ? getRoute(wanted) : undefined;
  // Only pages a logged-in user can use; never back to login or another visitor-only page.
  if (route && route.access !== Access.loggedOut && route.name !== 'home') {
    return { name: route.name, params: rememberedParams(query.get('toStateParams')) };
  }
  return { name: 'account-home', params: {} };
}
