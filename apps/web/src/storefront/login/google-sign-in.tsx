import { useEffect, useRef, useState } from 'react';

/** The few parts of Google Identity Services' script this page uses. */
type GoogleId = {
  initialize: (options: { client_id: string; callback: (reply: { credential?: string }) => void; ux_mode?: 'popup' }) => void;
  renderButton: (parent: HTMLElement, options: Record<string, string | number>) => void;
};
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

const SCRIPT = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleId | null> | null = null;

/** Google's script loads only when a client id is configured, and once. */
function loadGoogle(): Promise<GoogleId | null> {
  loading ??= new Promise((resolve) => {
    const tag = document.createElement('script');
    tag.src = SCRIPT;
    tag.async = true;
    tag.onload = () => resolve(window.google?.accounts?.id ?? null);
    tag.onerror = () => {
      loading = null;
      resolve(null);
    };
    document.head.append(tag);
  });
  return loading;
}

/** Google's own 'Sign in with Google' button; its ID token (credential) goes to onCredential. */
export function GoogleSignIn({ clientId, onCredential }: { clientId: string; onCredential: (credential: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const handler = useRef(onCredential);
  handler.current = onCredential;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void loadGoogle().then((google) => {
      if (!live || !box.current) return;
      if (!google) {
        setFailed(true);
        return;
      }
      google.initialize({ client_id: clientId, ux_mode: 'popup', callback: (reply) => reply.credential && handler.current(reply.credential) });
      google.renderButton(box.current, { type: 'standard', theme: 'outline', size: 'large', text: 'continue_with', shape: 'pill', width: 300 });
    });
    return () => {
      live = false;
    };
  }, [clientId]);

  if (failed) return <p className="co-muted ac-google-failed">Google sign-in could not be loaded. Please use your e-mail address.</p>;
  return <div ref={box} className="ac-google" />;
}
