/** A record page's title, with the link back to the list (or record) it was opened from. */
export function PageTitle({ title, back, backLabel }: { title: string; back: string; backLabel: string }) {
  return (
    <header className="page-title">
      <h1>{title}</h1>
      <a href={back}>
        <i className="pi pi-arrow-left" aria-hidden="true" /> {backLabel}
      </a>
    </header>
  );
}
