import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ToastRegion } from './ToastRegion';
import type { ToastType } from './toasts-slice';
import { useToast } from './use-toast';

function Trigger({ type, message, duration }: { type: ToastType; message: string; duration?: number }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast[type](message, duration)}>
      Show {message}
    </button>
  );
}

function renderToasts(...triggers: { type: ToastType; message: string; duration?: number }[]) {
  const view = renderWithProviders(
    <>
      {triggers.map((trigger) => (
        <Trigger key={trigger.message} {...trigger} />
      ))}
      <ToastRegion />
    </>,
  );
  const show = (message: string) => fireEvent.click(screen.getByRole('button', { name: `Show ${message}` }));
  return { ...view, show };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const toastItem = (message: string) => screen.getByText(message).closest('li')!;

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('announces toasts in a polite live region with their kind', () => {
    const { show } = renderToasts({ type: 'error', message: 'Failed to create team' });
    show('Failed to create team');
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByRole('list')).toHaveAttribute('aria-live', 'polite');
    expect(within(region).getByRole('listitem')).toHaveTextContent('Error: Failed to create team');
  });

  it.each([
    ['success', 5000],
    ['error', 7000],
    ['warning', 6000],
    ['info', 5000],
  ] as const)('keeps a %s toast for %i ms, then plays a 300 ms exit before removing it', async (type, duration) => {
    const { show } = renderToasts({ type, message: 'Hello' });
    show('Hello');
    await advance(duration - 50);
    expect(toastItem('Hello')).not.toHaveClass('toast--leaving');
    await advance(50);
    expect(toastItem('Hello')).toHaveClass('toast--leaving');
    await advance(299);
    expect(screen.getByText('Hello')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByText('Hello')).not.toBeInTheDocument();
  });

  it('keeps a toast with a duration of 0 until it is dismissed', async () => {
    const { show } = renderToasts({ type: 'info', message: 'Stays', duration: 0 });
    show('Stays');
    await advance(60_000);
    expect(toastItem('Stays')).not.toHaveClass('toast--leaving');
    fireEvent.click(within(toastItem('Stays')).getByRole('button', { name: 'Dismiss notification' }));
    await advance(300);
    expect(screen.queryByText('Stays')).not.toBeInTheDocument();
  });

  it('treats a negative duration as sticky too', async () => {
    const { show } = renderToasts({ type: 'warning', message: 'Negative', duration: -1 });
    show('Negative');
    await advance(60_000);
    expect(screen.getByText('Negative')).toBeInTheDocument();
  });

  it('pauses while hovered and resumes with the time that was left', async () => {
    const { show } = renderToasts({ type: 'success', message: 'Saved' });
    show('Saved');
    await advance(3000);
    fireEvent.mouseEnter(toastItem('Saved'));
    await advance(20_000);
    expect(toastItem('Saved')).not.toHaveClass('toast--leaving');
    fireEvent.mouseLeave(toastItem('Saved'));
    await advance(1950);
    expect(toastItem('Saved')).not.toHaveClass('toast--leaving');
    await advance(50);
    expect(toastItem('Saved')).toHaveClass('toast--leaving');
  });

  it('pauses while keyboard focus is inside the toast', async () => {
    const { show } = renderToasts({ type: 'error', message: 'Failed' });
    show('Failed');
    act(() => within(toastItem('Failed')).getByRole('button', { name: 'Dismiss notification' }).focus());
    await advance(30_000);
    expect(toastItem('Failed')).not.toHaveClass('toast--leaving');
  });

  it('dismisses one toast with its button, after the exit animation', async () => {
    const { show } = renderToasts({ type: 'info', message: 'First' }, { type: 'info', message: 'Second' });
    show('First');
    show('Second');
    fireEvent.click(within(toastItem('First')).getByRole('button', { name: 'Dismiss notification' }));
    expect(toastItem('First')).toHaveClass('toast--leaving');
    await advance(300);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('clears all toasts at once', async () => {
    const { show } = renderToasts({ type: 'info', message: 'One' }, { type: 'error', message: 'Two' });
    show('One');
    show('Two');
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await advance(300);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear all' })).not.toBeInTheDocument();
  });

  it('records type, duration and creation time in the store, defaulting to info', () => {
    vi.setSystemTime(Date.parse('2026-12-01T10:00:00Z'));
    const { store, show } = renderToasts({ type: 'info', message: 'Plain' });
    show('Plain');
    expect(store.getState().toasts).toEqual([
      expect.objectContaining({ message: 'Plain', type: 'info', duration: 5000, createdAt: Date.parse('2026-12-01T10:00:00Z') }),
    ]);
  });
});
