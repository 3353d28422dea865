import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './storefront.css';
import { StorefrontApp } from './storefront-app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StorefrontApp />
  </StrictMode>,
);
