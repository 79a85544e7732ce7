import type { ComponentType } from 'react';

/**
 * The root of a client-only island. Astro renders it in a transition, so while it waits for its language's
 * catalogue (it suspends) React commits nothing and the page keeps the island's fallback: the HTML the page was
 * built with (its heading and a box of the first view's size, `slot="fallback"`). The island's first view then
 * replaces that fallback whole, so nothing moves and nothing shows twice. Parts loaded later have their own
 * Suspense boundary.
 */
export function island<P extends object>(View: ComponentType<P>): ComponentType<P> {
  return function Island(props: P) {
    return <View {...props} />;
  };
}
