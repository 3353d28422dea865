export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
