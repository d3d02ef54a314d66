import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { calls, server } from './support/mock-api';
import { createTranslator, setPageTranslator } from '../src/i18n/i18n';
import { en } from '../src/i18n/catalogues/en';

// The page's language, as main.tsx sets it from the server's page: English unless a test renders in another.
setPageTranslator(createTranslator('en', en));

// A busy CI machine (two cores shared with the API tests) can take seconds to render a lazy screen: findBy* and
// waitFor wait up to 5 s rather than 1 s. Passing tests are not slower; only a real failure takes longer to report.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  calls.length = 0;
  sessionStorage.clear();
  localStorage.clear();
});
afterAll(() => server.close());
