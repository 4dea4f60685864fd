import { Component, type ErrorInfo, type ReactNode } from 'react';
import { InternalErrorPage } from './error-page.tsx';

interface State {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors outside the router (providers, toaster) and shows the error page. */
export class AppErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[app] render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return this.props.fallback !== undefined ? this.props.fallback : <InternalErrorPage error={this.state.error} />;
  }
}
