/**
 * The customers and staff screens of the live orders bench, as a process of their own (bench/orders.ts
 * starts it for the paced phase). In a real service they are phones and tablets. In the bench's own
 * process their work (placing orders, reading 50 event streams) shared the clerks' event loop, and a
 * clerk's answer waiting behind it was counted as the accept's time. In an A/B on one machine, three
 * runs each, the paced accept p99 was 21.2–24.1 ms that way and 16.6–22.1 ms with this process apart.
 */
import { BASKET_PATHS } from '../packages/contracts/src/basket-paths';
import { type SseStream, openSse } from '../apps/server/src/test/sse-reader';
import { think } from './basket';

/** What the parent passes (in BENCH_ORDER_LOAD, as JSON). */
export type OrderLoadPlan = { base: string; token: string; branchId: number; items: number[]; streams: number; customers: number; seconds: number; firstCustomer: number };
/**
 * Messages to the parent: ready (streams open), each placed order's id, the customers' tally when
 * their time is up, and, when the parent says the streams may close, how many events each heard.
 */
export type OrderLoadMessage =
  | { kind: 'ready' }
  | { kind: 'placed'; id: number }
  | { kind: 'placedAll'; placed: number; errors: [string, number][] }
  | { kind: 'heard'; fewest: number; most: number };

const json = { 'content-type': 'application/json' };

/** One customer's order of one item, collected and paid at the counter: its id, or undefined after a failure (counted under its status and words). */
export async function placeCollectionOrder(base: string, store: { branchId: number; items: number[] }, who: number, fail: (key: string) => void, timing?: (sent: number, answered: number, id: number) => void): Promise<number | undefined> {
  const add = await fetch(`${base}/api/${BASKET_PATHS.addItem}`, {
    method: 'PUT',
    headers: json,
    body: JSON.stringify({ merchantBranchId: store.branchId, basketBssId: null, orderType: 'Collection', webMenuBssId: store.items[who % store.items.length], quantity: 1 }),
  });
  const basket = (await add.json()) as { bssId?: string; details?: string };
  if (!add.ok || !basket.bssId) {
    fail(`add ${add.status} ${basket.details ?? ''}`);
    return undefined;
  }
  const body = { id: basket.bssId, merchantBranchId: store.branchId, orderType: 'Collection', paymentType: 'PAY AT COUNTER', firstName: 'Bench', lastName: `Customer ${who}`, email: `bench-${who}@example.test`, mobilePhone: '07700 900123' };
  const sent = performance.now();
  const res = await fetch(`${base}/api/${BASKET_PATHS.place}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
  const reply = (await res.json()) as { id?: number; details?: string };
  const answered = performance.now();
  if (!res.ok || !reply.id) {
    fail(`place ${res.status} ${reply.details ?? ''}`);
    return undefined;
  }
  timing?.(sent, answered, reply.id);
  return reply.id;
}

/** Opens `count` staff streams on the order events (each with its own ticket, as each screen has). */
export async function openStaffStreams(base: string, token: string, count: number): Promise<SseStream[]> {
  const streams: SseStream[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/storemanagement/order/events/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const { ticket } = (await res.json()) as { ticket: string };
    const stream = await openSse(`${base}/api/storemanagement/order/events?ticket=${encodeURIComponent(ticket)}`);
    if (stream.status !== 200) throw new Error(`stream ${i} refused: ${stream.status} ${stream.refusal}`);
    streams.push(stream);
  }
  return streams;
}

async function runLoad(plan: OrderLoadPlan, send: (m: OrderLoadMessage) => void, next: () => Promise<void>) {
  const streams = await openStaffStreams(plan.base, plan.token, plan.streams);
  const heard = streams.map((s) => s.messages.length);
  send({ kind: 'ready' });
  await next();
  const errors = new Map<string, number>();
  const fail = (key: string) => errors.set(key, (errors.get(key) ?? 0) + 1);
  const until = performance.now() + plan.seconds * 1000;
  let who = plan.firstCustomer;
  let placed = 0;
  await Promise.all(
    Array.from({ length: plan.customers }, async () => {
      while (performance.now() < until) {
        await think();
        const id = await placeCollectionOrder(plan.base, plan, ++who, fail);
        if (id !== undefined) {
          placed++;
          send({ kind: 'placed', id });
        }
      }
    }),
  );
  send({ kind: 'placedAll', placed, errors: [...errors] });
  // The screens stay open while the parent's clerks accept what is left.
  await next();
  const events = streams.map((s, i) => s.messages.length - heard[i]);
  for (const s of streams) await s.close();
  send({ kind: 'heard', fewest: Math.min(...events), most: Math.max(...events) });
}

// Started by the parent with an IPC channel: run once, then leave.
if (process.send && process.env.BENCH_ORDER_LOAD) {
  const plan = JSON.parse(process.env.BENCH_ORDER_LOAD) as OrderLoadPlan;
  const send = (m: OrderLoadMessage) => process.send?.(m);
  const next = () => new Promise<void>((resolve) => process.once('message', () => resolve()));
  // A bench stopped or failed (its channel closed) takes its customers and screens with it.
  process.once('disconnect', () => process.exit(0));
  runLoad(plan, send, next)
    .then(() => process.disconnect())
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
