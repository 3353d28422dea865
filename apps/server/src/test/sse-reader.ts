/** One Server-Sent Events message as a browser's EventSource would see it. */
export type SseMessage = { id: string | null; event: string | null; data: string; at: number };

/**
 * Opens an event stream with fetch and collects its messages (tests and the bench): what EventSource
 * does, with the status and headers visible and a Last-Event-ID header of our choosing.
 */
export async function openSse(url: string, headers: Record<string, string> = {}) {
  const ctrl = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: ctrl.signal });
  const messages: SseMessage[] = [];
  const listeners = new Set<(m: SseMessage) => void>();
  let pump: Promise<void> = Promise.resolve();
  // A refusal is a typed JSON body, read whole.
  const refusal = res.ok ? null : await res.text();
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    pump = (async () => {
      const dec = new TextDecoder();
      let text = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          text += dec.decode(value, { stream: true });
          let cut = text.indexOf('\n\n');
          while (cut >= 0) {
            const block = text.slice(0, cut);
            text = text.slice(cut + 2);
            const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n');
            if (data) {
              const m = { id: /^id: ?(.*)$/m.exec(block)?.[1] ?? null, event: /^event: ?(.*)$/m.exec(block)?.[1] ?? null, data, at: performance.now() };
              messages.push(m);
              for (const l of listeners) l(m);
            }
            cut = text.indexOf('\n\n');
          }
        }
      } catch {
        // aborted, or the server closed it
      }
    })();
  }
  /** The first message (already here or still to come) that `pred` accepts, within `ms`. */
  const waitFor = (pred: (m: SseMessage) => boolean, ms = 2000) =>
    new Promise<SseMessage>((resolve, reject) => {
      const seen = messages.find(pred);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no such message within ${ms} ms: ${JSON.stringify(messages.map((m) => m.data))}`));
      }, ms);
      const check = (m: SseMessage) => {
        if (!pred(m)) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(m);
      };
      listeners.add(check);
    });
  return {
    status: res.status,
    headers: res.headers,
    refusal,
    messages,
    waitFor,
    /** Drops the connection, as a killed tab or a lost network does. */
    close: async () => {
      ctrl.abort();
      await pump;
    },
    /** Resolves when the server ends the stream. */
    ended: () => pump,
  };
}
export type SseStream = Awaited<ReturnType<typeof openSse>>;
