/** Analytics events pushed to `window.dataLayer` for the tag manager (spec 1 §2.3, §2.5). */

export type AnalyticsEvent =
  | { event: 'interaction'; category: string; action: string; label: string }
  | { event: 'bannerClick'; id: string; subject: string };

declare global {
  interface Window {
    dataLayer?: object[];
  }
}

export function pushEvent(event: AnalyticsEvent): void {
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}
