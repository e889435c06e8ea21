import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteId } from '@topup/shared/contracts';

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

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[shell] ${this.props.remote} failed`, error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
