import { useCallback, useEffect, useState } from 'react';

/** How often the actionRequired sound repeats while an order is unread. */
const REPEAT_MS = 4000;

/** One context for the page: browsers allow a limited number, and it must be resumed by a click. */
let context: AudioContext | null = null;

/** The actionRequired sound (spec 3 §2.1): two short bell notes, made here with the Web Audio API (no file to fetch). */
function chime(ctx: AudioContext) {
  const start = ctx.currentTime + 0.01;
  for (const [i, frequency] of [880, 1320].entries()) {
    const at = start + i * 0.22;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.55);
  }
}

/**
 * Plays actionRequired while `active` (an order is unread), once sound is allowed. Browsers block
 * audio until the user acts on the page, so the screen shows a control that allows it (`allow`, from
 * a click) and one that mutes it again; the choice lasts as long as the page.
 */
export function useActionSound(active: boolean) {
  const [allowed, setAllowed] = useState(() => context?.state === 'running');

  const allow = useCallback(async () => {
    context ??= new AudioContext();
    await context.resume().catch(() => undefined);
    const running = context.state === 'running';
    setAllowed(running);
    if (running) chime(context);
  }, []);

  const mute = useCallback(() => {
    void context?.suspend();
    setAllowed(false);
  }, []);

  useEffect(() => {
    const ctx = context;
    if (!active || !allowed || !ctx) return;
    chime(ctx);
    const t = setInterval(() => chime(ctx), REPEAT_MS);
    return () => clearInterval(t);
  }, [active, allowed]);

  return { allowed, allow, mute };
}
