import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import { API_PREFIX } from '@tillpoint/contracts/api-paths';
import type { DisplayOrder, DisplayOrdersReply } from '@tillpoint/contracts/order-display';
import {
  DISPLAYED_STATUSES,
  DISPLAY_DEFAULT_ZOOM,
  DISPLAY_MESSAGES,
  DISPLAY_PATHS,
  DISPLAY_REFRESH_MS,
  TILL_ENTRY_PARAMS,
  displayStatus,
} from '@tillpoint/contracts/order-display-paths';
import { api } from '../../shared/api';
import { matchRoute, navigate, useLocation } from '../router';
import { writeKey } from '../storefront-storage';
import './display.css';

/** After the browser gives up on the stream (the server refused or was down), it is opened again this much later. */
const DISPLAY_RECONNECT_MS = 3000;

type Shown =
  | { kind: 'loading' }
  | { kind: 'list'; reply: DisplayOrdersReply }
  | { kind: 'error'; details: string; status: number };

const onDisplay = (status: string) => (DISPLAYED_STATUSES as readonly string[]).includes(status);

/**
 * The order display (spec 3 §2.2 'Order display screen', §4.10): a wall screen or tablet showing the
 * branch's orders with their number, time and status, in large type scaled by displayMemberZoom. The
 * page counter walks through the pages every 10 seconds (back to page 0 after an empty page; -1 on
 * an error, which hides the list and shows the details), and the display stream pushes each change
 * in between, so an order moves on the screen within a moment of the kitchen moving it.
 */
export function DisplayApp() {
  const location = useLocation();
  const route = matchRoute(location.pathname);
  const domainName = route.page === 'display' ? route.domainName : null;
  if (!domainName) return <TillEntry />;
  return <OrderDisplay key={domainName} domainName={domainName} />;
}

function OrderDisplay({ domainName }: { domainName: string }) {
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });
  const [live, setLive] = useState(false);
  // The page the next tick reads (spec 3 §4.10) and the page on screen (events refresh that one).
  const counter = useRef(0);
  const onScreen = useRef(0);

  const read = useCallback(
    async (pageNumber: number, advance: boolean) => {
      const res = await api.get<DisplayOrdersReply>(DISPLAY_PATHS.page(pageNumber, domainName), { token: null });
      if (!res.ok) {
        // A network failure is silent (spec 3 §8): the last list stays and the loop tries again.
        if (res.status === 0) return;
        // A domain name that names no store goes to the root page (spec 3 §8).
        if (res.status === 404) {
          navigate('/', { replace: true });
          return;
        }
        const details = (res.body as { details?: string } | null)?.details ?? DISPLAY_MESSAGES.unlicensed;
        counter.current = -1;
        setShown({ kind: 'error', details, status: res.status });
        return;
      }
      if (res.body.data.length === 0 && pageNumber > 0) {
        // Past the last page: back to the first at once.
        counter.current = 0;
        await read(0, advance);
        return;
      }
      onScreen.current = pageNumber;
      if (advance) counter.current = pageNumber + 1;
      setShown({ kind: 'list', reply: res.body });
      document.title = `${res.body.tradingName} – Orders`;
    },
    [domainName],
  );

  // The loop: page 0 at once, then the next page every 10 seconds.
  useEffect(() => {
    counter.current = 0;
    void read(0, true);
    const loop = window.setInterval(() => void read(Math.max(0, counter.current), true), DISPLAY_REFRESH_MS);
    return () => window.clearInterval(loop);
  }, [read]);

  // The push: each change patches the screen at once, then the page on screen is read again to agree with the server.
  // A dropped stream resumes after the last event heard (Last-Event-ID: the browser sends it on its own
  // retries; a stream the browser gave up on is opened again with it in the query), so nothing is missed.
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let settle: number | undefined;
    let retry: number | undefined;
    let lastEventId: string | null = null;
    let stopped = false;
    const connect = () => {
      const resume = lastEventId ? `&lastEventId=${encodeURIComponent(lastEventId)}` : '';
      const s = new EventSource(`${API_PREFIX}${DISPLAY_PATHS.events(domainName)}${resume}`);
      source = s;
      s.onopen = () => {
        setLive(true);
        // Also read the page: an order that left or joined it while the stream was down shows at once.
        void read(onScreen.current, false);
      };
      s.onerror = () => {
        setLive(false);
        if (s.readyState !== EventSource.CLOSED || stopped) return;
        retry = window.setTimeout(connect, DISPLAY_RECONNECT_MS);
      };
      s.addEventListener('order', (e) => {
        const m = e as MessageEvent<string>;
        if (m.lastEventId) lastEventId = m.lastEventId;
        const order = JSON.parse(m.data) as DisplayOrder;
        setShown((sh) => (sh.kind === 'list' ? { kind: 'list', reply: { ...sh.reply, data: patch(sh.reply, order) } } : sh));
        window.clearTimeout(settle);
        settle = window.setTimeout(() => void read(onScreen.current, false), 300);
      });
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(settle);
      window.clearTimeout(retry);
      source?.close();
    };
  }, [domainName, read]);

  const zoom = shown.kind === 'list' ? shown.reply.displayMemberZoom : DISPLAY_DEFAULT_ZOOM;
  return (
    <div className="od" style={{ '--od-zoom': zoom } as CSSProperties}>
      <header className="od-bar">
        <h1 className="od-title">{shown.kind === 'list' ? shown.reply.tradingName : ''}</h1>
        <span className="od-heading">Orders</span>
        <span className={live ? 'od-live od-live-on' : 'od-live'} title={live ? 'Live' : 'Refreshing every 10 seconds'}>
          <span className="od-live-dot" aria-hidden="true" />
          {live ? 'Live' : 'Offline'}
        </span>
      </header>
      <main className="od-main">
        {shown.kind === 'loading' && <p className="od-empty">Loading…</p>}
        {shown.kind === 'error' && (
          <div className="od-error" role="alert">
            <p className="od-error-details">{shown.details}</p>
            {shown.status === 403 && <p className="od-error-hint">{DISPLAY_MESSAGES.unlicensedHint}</p>}
          </div>
        )}
        {shown.kind === 'list' && <OrderList reply={shown.reply} />}
      </main>
    </div>
  );
}

/** An order's news on the page shown: a new status, gone when it leaves the display, added when it belongs on this (last) page. */
function patch(reply: DisplayOrdersReply, order: DisplayOrder): DisplayOrder[] {
  const i = reply.data.findIndex((o) => o.orderNo === order.orderNo);
  if (i >= 0) return onDisplay(order.orderStatus) ? reply.data.map((o, j) => (j === i ? order : o)) : reply.data.filter((_, j) => j !== i);
  const last = reply.data.length < reply.pageSize;
  const after = reply.data.length === 0 || order.orderNo > reply.data[reply.data.length - 1].orderNo;
  return onDisplay(order.orderStatus) && last && after && reply.pageNumber * reply.pageSize + reply.data.length >= reply.totalCount ? [...reply.data, order] : reply.data;
}

function OrderList({ reply }: { reply: DisplayOrdersReply }) {
  if (!reply.data.length) return <p className="od-empty">{DISPLAY_MESSAGES.empty}</p>;
  const pages = Math.ceil(reply.totalCount / reply.pageSize);
  return (
    <>
      <ul className="od-grid" aria-label="Orders">
        {reply.data.map((o) => {
          const status = displayStatus(o.orderStatus);
          return (
            <li key={o.orderNo} className={`od-tile od-${status.toLowerCase()}`}>
              <span className="od-no">{o.orderNo}</span>
              <span className="od-status">{status}</span>
              <span className="od-time">{o.orderTime}</span>
            </li>
          );
        })}
      </ul>
      {pages > 1 && (
        <p className="od-page">
          Page {reply.pageNumber + 1} of {pages}
        </p>
      )}
    </>
  );
}

type TillToken = { accessToken?: string; userDTO?: { domainName?: string | null } };

/**
 * Till mode (spec 3 §2.2 'Entry parameters'): `?token_url=…&scope=…CUSTOMER…` asks the local till
 * service for the signed-in display member, and its branch's order display opens. The token is not
 * kept: the display reads only public data.
 */
function TillEntry() {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const tokenUrl = new URLSearchParams(window.location.search).get(TILL_ENTRY_PARAMS.tokenUrl);
    let url: URL | null = null;
    try {
      url = tokenUrl ? new URL(tokenUrl) : null;
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol)) {
      setProblem('The till service address is not valid.');
      return;
    }
    const tillUrl = url.toString();
    writeKey(TILL_ENTRY_PARAMS.tokenUrl, tillUrl);
    let stopped = false;
    let retry: number | undefined;
    const ask = async () => {
      try {
        // One that takes the request and never answers counts as not answering (and is asked again).
        const res = await fetch(tillUrl, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(DISPLAY_REFRESH_MS) });
        const body = (await res.json()) as TillToken;
        const name = body.userDTO?.domainName;
        if (!res.ok || !body.accessToken || !name) throw new Error('no display member');
        if (!stopped) navigate(`/display/${encodeURIComponent(name)}`, { replace: true });
      } catch {
        if (stopped) return;
        setProblem('The till service did not answer; trying again.');
        retry = window.setTimeout(() => void ask(), DISPLAY_REFRESH_MS);
      }
    };
    void ask();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
    };
  }, []);
  return (
    <div className="od">
      <main className="od-main">
        <p className="od-empty">{problem ?? 'Connecting to the till…'}</p>
      </main>
    </div>
  );
}
