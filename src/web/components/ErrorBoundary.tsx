import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

interface State {
  failed: boolean;
}

/** Catches a render error or a failed lazy chunk below it and shows the German error screen. */
export class ErrorBoundary extends Component<{ children: ReactNode; homeHref?: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <ErrorScreen homeHref={this.props.homeHref} />;
    return this.props.children;
  }
}
