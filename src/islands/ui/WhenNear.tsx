/**
 * Renders its children once their place comes near the screen (within `margin`): a part far below the first
 * screen, with code and data of its own, then loads when the customer scrolls towards it rather than with the
 * page. Until then the place keeps the room given by `className`, so nothing jumps as it fills in.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  className?: string;
  margin?: string;
  /** Render at once, near or not (a link to something inside, such as an anchor, was followed). */
  eager?: boolean;
}

export function WhenNear({ children, className, margin = '300px', eager = false }: Props) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(eager);
  useEffect(() => {
    const el = place.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <div ref={place} className={className} />;
}
