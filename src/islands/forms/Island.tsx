import { Suspense, type ReactNode } from 'react';

/** The root of a client-only island: waits for the language's catalogue. */
export function Island({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
