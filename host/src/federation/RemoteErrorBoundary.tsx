import { Component, type ReactNode } from 'react';
import type { RemoteId } from '@topup/shared/contracts';
import { noteLoad } from './health';

interface Props {
  readonly remote: RemoteId;
  readonly fallback: (error: Error) => ReactNode;
  readonly children: ReactNode;
}

interface State {
  readonly error: Error | null;
}

/** Catches a remote that fails to load or throws while rendering, so the shell keeps working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  // React logs the error with its component stack (its onCaughtError); the server hears of it too.
  override componentDidCatch(error: Error): void {
    // Its code failed to load, or its page to render: health-beacon.ts tells which.
    noteLoad(this.props.remote, 'failed', error);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
