/** Analytics events pushed to `window.dataLayer` for the tag manager (spec 1 §2.3, §2.5, spec 2 §4). */

export type AnalyticsEvent =
  | { event: 'interaction'; category: string; action: string; label: string }
  | { event: 'bannerClick'; id: string; subject: string }
  | {
      /** A membership paid (spec 2 §4): plan id for analytics is basic 1, flex 2 (spec 2 §9). */
      event: 'purchase';
      planId: 1 | 2;
      amount: number;
      currency: string;
      discount: number;
      orderNumber: string;
      paymentMethod: string;
    };

declare global {
  interface Window {
    dataLayer?: object[];
  }
}

export function pushEvent(event: AnalyticsEvent): void {
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}
