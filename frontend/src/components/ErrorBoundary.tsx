import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** Shown instead of `children` once rendering them has thrown. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Shows `fallback` instead of a blank screen when its children throw while rendering. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
