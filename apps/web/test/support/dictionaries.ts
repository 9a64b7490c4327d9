// The web app's components translate synchronously (getT); the server registers all three dictionaries in
// entry.server.tsx, the tests here, the browser the page's one before hydration (entry.client.tsx).
import '../../app/i18n/all';
