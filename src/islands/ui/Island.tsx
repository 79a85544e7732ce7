import { Suspense, type ComponentType } from 'react';

/** The root of a client-only island: renders `View` once its language's catalogue has loaded. */
export function island<P extends object>(View: ComponentType<P>): ComponentType<P> {
  return function Island(props: P) {
    return (
      <Suspense fallback={null}>
        <View {...props} />
      </Suspense>
    );
  };
}
