import type { Config } from '../config';

/** How long an activation link (new merchant user) and a reset link stay valid. */
export const ACTIVATION_TTL_MS = 7 * 24 * 3_600_000;
export const RESET_TTL_MS = 24 * 3_600_000;

/**
 * The origin of every mailed link: PUBLIC_URL, else the address the server was started on. Never a
 * request header: a forged Host (or X-Forwarded-Host) would otherwise send a reset key to its sender.
 */
export const linkOrigin = (c: Pick<Config, 'publicUrl' | 'port'>) => c.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${c.port}`;

/** The link in a mail: the web app's own page (same origin only) with the key as a query parameter. */
export function keyLink(origin: string, requestedUrl: string | undefined, fallbackPath: string, param: string, key: string) {
  let path = fallbackPath;
  if (requestedUrl) {
    try {
      const u = new URL(requestedUrl, origin);
      if (u.origin === origin) path = u.pathname;
    } catch {
      // A malformed address falls back to the default page.
    }
  }
  return `${origin}${path}?${param}=${encodeURIComponent(key)}`;
}
