import { useEffect, useEffectEvent } from 'react';

/**
 * While `enabled`, hands over the data of window messages posted from this page's own origin (the provider
 * frames are same-origin documents); messages from any other origin are ignored.
 */
export function useFrameMessage(enabled: boolean, onMessage: (data: unknown) => void): void {
  const handle = useEffectEvent(onMessage);
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: MessageEvent) => {
      if (event.origin !== location.origin) return;
      handle(event.data);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [enabled]);
}
