import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { PATHS } from '@tillpoint/contracts/api-paths';
import { API_PREFIX } from '@tillpoint/contracts/api-paths';
import type {} from 'altcha/types/react';
import type { AltchaWidgetElement } from 'altcha';

export type CaptchaHandle = { reset: () => void };

type StateChange = CustomEvent<{ state: string; payload?: string }>;

/**
 * The self-hosted ALTCHA proof of work. The widget's script (about 35 KB gzip) is fetched only
 * when the captcha is on, and not before the page is idle or the form is reached. `onChange` gets the payload string once solved and null otherwise;
 * it travels to the server as the login body's reCaptchaToken.
 */
export function Captcha({ onChange, ref }: { onChange: (payload: string | null) => void; ref?: Ref<CaptchaHandle> }) {
  const [loaded, setLoaded] = useState(false);
  const widget = useRef<AltchaWidgetElement>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  // Fetched once the page is idle, or at once when someone starts on the form, whichever comes
  // first: the sign-in form shows and answers before the widget's code is run.
  useEffect(() => {
    let alive = true;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void import('altcha').then(() => alive && setLoaded(true));
    };
    const reach = ['focusin', 'pointerdown', 'keydown'] as const;
    for (const e of reach) document.addEventListener(e, start, { once: true });
    const idle = window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 2000 }) : window.setTimeout(start, 200);
    return () => {
      alive = false;
      for (const e of reach) document.removeEventListener(e, start);
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  useEffect(() => {
    const el = widget.current;
    if (!loaded || !el) return;
    const listener = (e: Event) => {
      const { state, payload } = (e as StateChange).detail;
      changed.current(state === 'verified' && payload ? payload : null);
    };
    el.addEventListener('statechange', listener);
    return () => el.removeEventListener('statechange', listener);
  }, [loaded]);

  // A solution is good for one sign-in only (the server refuses a reused one), so each attempt
  // starts over.
  useImperativeHandle(ref, () => ({
    reset: () => {
      widget.current?.reset();
      changed.current(null);
    },
  }));

  if (!loaded) return <div className="captcha-placeholder" aria-hidden="true" />;
  return (
    <div className="captcha">
      <altcha-widget ref={widget} challenge={`${API_PREFIX}${PATHS.captchaChallenge}`} name="altcha" />
    </div>
  );
}
