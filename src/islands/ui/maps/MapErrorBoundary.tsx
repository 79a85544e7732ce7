import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the map when its code can't be loaded (offline, a deploy in between). */
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps the page when the lazily loaded map fails: the list of places stays usable. */
export class MapErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
