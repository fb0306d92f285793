// First: it configures zod before any schema is used.
import './lib/zod-config';
// Each weight comes as subsets with a unicode-range, so a page downloads only the subsets its text uses.
import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/500.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerAnalytics } from './app/analytics-handlers';
import { AppProviders } from './app/providers';
import { registerSessionHandlers } from './app/session-handlers';

registerSessionHandlers();
registerAnalytics();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);
