/** Account-home tabs (spec 1 §2.3). */

export const TABS = ['addresses', 'packages', 'profile', 'messages', 'requests', 'claim'] as const;
export type Tab = (typeof TABS)[number];

export interface TabFacts {
  addressCount: number;
  packageCount: number;
  hasMailboxes: boolean;
}

/** Addresses, packages and messages need addresses; requests and claim need addresses or mailboxes. */
export function visibleTabs({ addressCount, hasMailboxes }: TabFacts): Tab[] {
  return TABS.filter((tab) => {
    if (tab === 'addresses' || tab === 'packages' || tab === 'messages') return addressCount > 0;
    if (tab === 'requests' || tab === 'claim') return addressCount > 0 || hasMailboxes;
    return true;
  });
}

/** Profile with no addresses, else packages if any, else addresses. */
export function defaultTab({ addressCount, packageCount }: TabFacts): Tab {
  if (addressCount === 0) return 'profile';
  return packageCount > 0 ? 'packages' : 'addresses';
}

/** The tab to show: the one in the URL when it is visible, else the default. */
export function chosenTab(requested: string | null, facts: TabFacts): Tab {
  const visible = visibleTabs(facts);
  const wanted = TABS.find((t) => t === requested);
  return wanted && visible.includes(wanted) ? wanted : defaultTab(facts);
}
