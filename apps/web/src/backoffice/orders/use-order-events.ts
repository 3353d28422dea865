import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API_PREFIX } from '@tillpoint/contracts/api-paths';
import { ORDER_PATHS } from '@tillpoint/contracts/order-handling';
import { api } from '../../shared/api';
import { refreshOrders } from './orders-api';

/** How long after a dropped stream the screen asks for a new ticket and opens it again. */
const RECONNECT_MS = 3000;
/** Events in a burst (a clerk accepting five orders) refresh the tables once. */
const COALESCE_MS = 150;

/**
 * The live order stream (ARCHITECTURE §4, issue 12): every order event of the branch makes the order
 * queries stale, so the tables and an open dialog show it within a second. EventSource sends no
 * headers, so each connection trades the bearer token for a short ticket; a dropped stream (network,
 * ticket or token expired) reconnects with a new one and resumes after the last event it saw. Every
 * (re)connection also refetches, so nothing that happened while it was down is missed.
 * `live` says whether the stream is open now; the screens fall back to their countdowns when not.
 */
export function useOrderEvents(): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let pending: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let lastEventId: string | null = null;

    const refresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        refreshOrders(queryClient);
      }, COALESCE_MS);
    };
    const reconnectLater = () => {
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    async function connect() {
      const r = await api.post<{ ticket: string }>(ORDER_PATHS.eventsTicket, {});
      if (stopped) return;
      // A 401 ends the session by itself (api.ts); anything else is tried again later.
      if (!r.ok) return reconnectLater();
      const query = new URLSearchParams({ ticket: r.body.ticket });
      if (lastEventId) query.set('lastEventId', lastEventId);
      const s = new EventSource(`${API_PREFIX}${ORDER_PATHS.events}?${query}`);
      source = s;
      s.onopen = () => {
        setLive(true);
        refresh();
      };
      s.addEventListener('order', (e) => {
        if (e.lastEventId) lastEventId = e.lastEventId;
        refresh();
      });
      // The browser's own retry would reuse a spent ticket: close, and reconnect with a new one.
      s.onerror = () => {
        s.close();
        if (source === s) source = null;
        setLive(false);
        reconnectLater();
      };
    }
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      clearTimeout(pending);
      source?.close();
      setLive(false);
    };
  }, [queryClient]);

  return { live };
}

/**
 * The spec's countdown (spec 3 §2.1, §9): while the stream is down, `onZero` runs every `seconds`
 * and the seconds left are shown; while it is live the countdown rests at null.
 */
export function useFallbackCountdown(live: boolean, seconds: number, onZero: () => void): number | null {
  const [left, setLeft] = useState(seconds);
  const zero = useRef(onZero);
  zero.current = onZero;
  useEffect(() => {
    if (live) return;
    let n = seconds;
    setLeft(n);
    const t = setInterval(() => {
      n -= 1;
      if (n <= 0) {
        zero.current();
        n = seconds;
      }
      setLeft(n);
    }, 1000);
    return () => clearInterval(t);
  }, [live, seconds]);
  return live ? null : left;
}
