import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { API_BASE_URL } from '../../api/base-api';
import { refreshWaitlist, selectCachedWaitlistEntries } from '../../api/waitlist-cache';
import { usePageVisible } from '../../lib/use-page-visible';
import { patchSeats, useGetEventQuery, useGetEventsQuery, type LiveSeats } from './events-api';

const STREAM_URL = `${API_BASE_URL}/events/seats/stream`;
/** While the stream is down, the page's seats are read again this often instead. */
export const FALLBACK_POLL_MS = 15_000;
/** The first pause before the stream is tried again, doubled after each failure up to the last. */
export const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;
/** Subscribes for polling only: the page's own query draws the data. */
const NOTHING = () => ({});

/**
 * Keeps the seats of the cached events live while the page is in sight: one stream from the
 * server, whose messages patch the cache in place. When the stream fails it is closed, the page's
 * seats are polled (the list, or `eventId`'s event on its page) and the stream is tried again
 * after a growing pause; its first message stops the polling. A hidden page holds neither.
 */
export function useLiveSeats(eventId?: string): void {
  const visible = usePageVisible();
  const streaming = useSeatStream(visible, eventId);
  const poll = visible && !streaming;
  const options = { pollingInterval: FALLBACK_POLL_MS, skip: !poll, selectFromResult: NOTHING };
  useGetEventsQuery(eventId === undefined ? undefined : skipToken, options);
  useGetEventQuery(eventId ?? skipToken, options);
}

/** Opens the stream while `open`, retrying with a growing pause; whether it is delivering seats. */
function useSeatStream(open: boolean, eventId: string | undefined): boolean {
  const dispatch = useDispatch();
  const [streaming, setStreaming] = useState(true);
  const waitingAt = useWaitingEventIds();
  useEffect(() => {
    if (!open) return;
    // A browser without server-sent events polls.
    if (typeof EventSource === 'undefined') {
      setStreaming(false);
      return;
    }
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pause = FIRST_RETRY_MS;
    const patch = (seats: LiveSeats[]) => patchSeats(dispatch, seats, eventId);
    const connect = () => {
      const stream = new EventSource(STREAM_URL);
      source = stream;
      stream.addEventListener('snapshot', (message) => {
        pause = FIRST_RETRY_MS;
        setStreaming(true);
        patch(JSON.parse((message as MessageEvent<string>).data) as LiveSeats[]);
      });
      stream.addEventListener('seats', (message) => {
        const seats = JSON.parse((message as MessageEvent<string>).data) as LiveSeats;
        patch([seats]);
        // A seat freed where the student waits may now be held for them: they hear of it at once,
        // not at the bell's next poll, while their card would show the seat free beside "in line".
        if (waitingAt.current.has(seats.id)) dispatch(refreshWaitlist());
      });
      // The browser's own reconnecting would retry every few seconds for ever: ours backs off.
      stream.addEventListener('error', () => {
        stream.close();
        setStreaming(false);
        retry = setTimeout(connect, pause);
        pause = Math.min(pause * 2, LAST_RETRY_MS);
      });
    };
    connect();
    return () => {
      source?.close();
      clearTimeout(retry);
    };
  }, [open, eventId, dispatch, waitingAt]);
  return streaming;
}

/** The events whose lines the student stands in, as last read (read by the stream's listener, so kept in a ref). */
function useWaitingEventIds() {
  const entries = useSelector(selectCachedWaitlistEntries);
  const waitingAt = useRef(new Set<string>());
  useEffect(() => {
    waitingAt.current = new Set(entries?.map((entry) => entry.event.id));
  }, [entries]);
  return waitingAt;
}
