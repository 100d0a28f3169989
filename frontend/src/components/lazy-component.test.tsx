import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary';
import { lazyComponent } from './lazy-component';

const PART_FAILED = 'This part of the page could not be loaded. Check your connection.';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** What the browser's import() rejects with when the network is down. */
const offline = () => new TypeError('Failed to fetch dynamically imported module: /assets/Greeting.js');

/** A loader that fails `failures` times, then delivers `component`. */
function flakyLoader<P extends object>(component: React.ComponentType<P>, failures = 1) {
  const load = vi.fn(() => Promise.resolve(component));
  for (let failure = 0; failure < failures; failure++) load.mockImplementationOnce(() => Promise.reject(offline()));
  return load;
}

/** A page with a button that opens the lazy part under it, as Register opens its confirmation. */
function PageWithPart({ Part }: { Part: React.ComponentType<{ name: string }> }) {
  const [open, setOpen] = useState(false);
  return (
    <main tabIndex={-1}>
      <h1>Events</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Register
      </button>
      {open && (
        <Suspense fallback={<p>Loading…</p>}>
          <Part name="Priya" />
        </Suspense>
      )}
    </main>
  );
}

describe('lazy component', () => {
  it('reports code that did not arrive in its own place, keeps the page around it, and shows the part once Try Again loads it', async () => {
    // React reports the error it caught.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = flakyLoader(Greeting);
    const Part = lazyComponent(load);
    const user = userEvent.setup();
    render(<PageWithPart Part={Part} />);

    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(PART_FAILED);
    expect(screen.getByRole('heading', { name: 'Events' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('Hello, Priya')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    // Try Again is gone: focus goes back to the button that asked for the part, not to the body.
    expect(screen.getByRole('button', { name: 'Register' })).toHaveFocus();
  });

  it('says so again when Try Again fails too, and still loads the part on the next try', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = flakyLoader(Greeting, 2);
    const Part = lazyComponent(load);
    const user = userEvent.setup();
    render(<PageWithPart Part={Part} />);
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));

    expect(await screen.findByText('Hello, Priya')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps no failed preload: the render that follows fetches the code again', async () => {
    const load = flakyLoader(Greeting);
    const Part = lazyComponent(load);

    Part.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledOnce());
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <Part name="Priya" />
      </Suspense>,
    );

    expect(await screen.findByText('Hello, Priya')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("leaves the loaded component's own errors to the boundaries above", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Part = lazyComponent(async () => {
      await Promise.resolve();
      return function Broken(): never {
        throw new Error('a bug in the part');
      };
    });

    render(
      <ErrorBoundary fallback={<p>Something went wrong</p>}>
        <Suspense fallback={<p>Loading…</p>}>
          <Part />
        </Suspense>
      </ErrorBoundary>,
    );

    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.queryByText(PART_FAILED)).not.toBeInTheDocument();
  });
});
