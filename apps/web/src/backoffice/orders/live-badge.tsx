/**
 * Whether the screen is live (the order stream is open) or, when not, the seconds until the
 * fallback refresh (ARCHITECTURE §4: the screen shows when it is live and when it is not).
 */
export function LiveBadge({ live, countdown }: { live: boolean; countdown: number | null }) {
  return (
    <span className={`live-badge ${live ? 'live-on' : 'live-off'}`} role="status" title={live ? 'Changes arrive as they happen' : 'Reconnecting; the list refreshes by itself meanwhile'}>
      <span className="live-dot" aria-hidden="true" />
      {live ? 'Live' : `Not live · refresh in ${countdown ?? 0} s`}
    </span>
  );
}
