import { Component, type ReactNode } from 'react';

interface Props {
  readonly children: ReactNode;
  /** Shown instead of the children when they fail; nothing by default. */
  readonly fallback?: ReactNode;
}

/** For optional parts of a page (the carousel): if one fails to load, the page carries on without it. */
export class QuietBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[topup] an optional part of the page failed', error);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}
