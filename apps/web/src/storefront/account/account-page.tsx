import { lazy } from 'react';
import type { AccountPageName } from './account-pages';
import { ComingSoonPage } from './coming-soon-page';

/**
 * The member's account pages the shell does not name itself (spec 3 §2.2): the address book, My Orders
 * and Complaint / Suggestion, each loaded on demand; a page not built yet says so.
 */
const AddressBookPage = lazy(() => import('./address-book-page').then((m) => ({ default: m.AddressBookPage })));
const MyOrdersPage = lazy(() => import('./my-orders-page').then((m) => ({ default: m.MyOrdersPage })));
const ComplaintSuggestionPage = lazy(() => import('./complaint-suggestion-page').then((m) => ({ default: m.ComplaintSuggestionPage })));

export function AccountPage({ name }: { name: AccountPageName }) {
  if (name === 'address') return <AddressBookPage />;
  if (name === 'myOrders') return <MyOrdersPage />;
  if (name === 'complaintSuggestion') return <ComplaintSuggestionPage />;
  return <ComingSoonPage name={name} />;
}
