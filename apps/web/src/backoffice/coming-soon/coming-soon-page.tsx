import type { Upcoming } from '../routes';
import { ROUTES } from '../route-hrefs';

/** A screen the spec names that is not built yet, or an address that names no screen. */
export default function ComingSoonPage({ upcoming }: { upcoming?: Upcoming }) {
  if (!upcoming) {
    return (
      <section className="card notice-page" aria-labelledby="not-found-title">
        <i className="pi pi-compass notice-icon" aria-hidden="true" />
        <h1 id="not-found-title">Page not found</h1>
        <p>This address does not open a screen of the back office.</p>
        <a href={ROUTES.home}>Go to the home page</a>
      </section>
    );
  }
  return (
    <section className="card notice-page" aria-labelledby="coming-soon-title">
      <i className="pi pi-clock notice-icon" aria-hidden="true" />
      <h1 id="coming-soon-title">{upcoming.title}: coming soon</h1>
      <p>This screen is not built yet. It arrives with the area: {upcoming.area}.</p>
      <a href={ROUTES.home}>Go to the home page</a>
    </section>
  );
}
