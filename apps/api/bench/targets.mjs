// What `npm run bench` measures. Each scenario starts the production server on a fresh database (env), may
// prepare data, then loads each route in turn.
export const targets = [
  {
    name: 'demo',
    env: { SEED_DEMO: 'true' },
    routes: () => [
      { name: 'GET /api/v1/health', path: '/api/v1/health' },
      { name: 'GET / (index.html)', path: '/' },
    ],
  },
];
