import { Link } from '../router';
import { ACCOUNT_PAGE_TITLES, type AccountPageName } from './account-pages';
import './account.css';

/** The account pages that are not built yet say so plainly rather than pretend (issue 11). */
export function ComingSoonPage({ name }: { name: AccountPageName }) {
  return (
    <div className="co-page ac-page">
      <section className="co-card-box ac-soon">
        <h1>{ACCOUNT_PAGE_TITLES[name]}</h1>
        <p className="co-muted">This page is coming soon. Until then, your details are entered at checkout.</p>
        <Link to="/" className="co-button co-button-primary">
          Back to the menu
        </Link>
      </section>
    </div>
  );
}
