import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import { Alert } from './Alert';

/** What a lazy component shows in its place when its code could not be fetched. */
type LoadFailedView = ComponentType<{ onRetry: () => void }>;

/** Code that did not arrive (the network is down), as opposed to an error of the component itself. */
class LoadFailure extends Error {}

/**
 * A component whose code is fetched on first render (inside a Suspense boundary), so it stays out
 * of the home page's script. `preload()` fetches it earlier, when the visitor shows the intent to
 * open it, so it usually appears at once. Code that could not be fetched (the network is down) is
 * reported in the component's place by `Failed`, and fetched afresh by its Try Again, by any later
 * render and by any preload.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, Failed: LoadFailedView = PartLoadFailed) {
  const fetching = () =>
    lazy(async () => {
      try {
        return { default: await load() };
      } catch (cause) {
        throw new LoadFailure('The code of a part of the page could not be loaded', { cause });
      }
    });
  let Current = fetching();
  const Loaded = (props: P) => <Current {...props} />;
  // React.lazy keeps a failure for good: once it is shown (React's own second try at rendering has met
  // it too), later renders get a lazy component that fetches again.
  const forgetFailure = () => (Current = fetching());
  return Object.assign(
    (props: P) => (
      <LoadBoundary Failed={Failed} onFailure={forgetFailure}>
        <Loaded {...props} />
      </LoadBoundary>
    ),
    // A failed preload leaves nothing behind: the render that needs the code fetches it again.
    { preload: () => void load().catch(() => undefined) },
  );
}

/** Shows `Failed` for a lazy component whose code could not be fetched; Try Again renders it afresh. */
class LoadBoundary extends Component<{ Failed: LoadFailedView; onFailure: () => void; children: ReactNode }, { failure: Error | null }> {
  override state: { failure: Error | null } = { failure: null };
  /** Where focus was when the code failed to arrive: the control that asked for it. */
  private asker: Element | null = null;
  private retried = false;

  static getDerivedStateFromError(failure: Error) {
    return { failure };
  }

  // At the commit, after React's own second try at rendering, which must meet the same failure.
  override componentDidCatch() {
    this.props.onFailure();
    this.asker ??= document.activeElement;
  }

  // Mounted again, not updated, when the retry waited under a Suspense boundary.
  override componentDidMount() {
    this.keepFocus();
  }

  override componentDidUpdate() {
    this.keepFocus();
  }

  /** Try Again went away with the report: focus goes back to the control that asked for the code, else to the page's main area. */
  private keepFocus() {
    if (!this.retried) return;
    this.retried = false;
    for (const target of [this.asker, document.querySelector('main')]) {
      if (document.activeElement !== document.body) return;
      (target as HTMLElement | null)?.focus({ preventScroll: true });
    }
  }

  private retry = () => {
    this.retried = true;
    this.setState({ failure: null });
  };

  override render() {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    // The loaded component's own errors are for the boundaries above.
    if (!(failure instanceof LoadFailure)) throw failure;
    return <this.props.Failed onRetry={this.retry} />;
  }
}

/** A part of a page whose code did not arrive, reported where it would have been. */
function PartLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert tone="error">
      This part of the page could not be loaded. Check your connection.{' '}
      <button type="button" className="button button--ghost button--small" onClick={onRetry}>
        Try Again
      </button>
    </Alert>
  );
}
