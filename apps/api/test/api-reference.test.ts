import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_REFERENCE, renderApiReference } from '../scripts/api-reference';

describe('docs/api.md', () => {
  it(
    'is the reference written from the current OpenAPI document (`npm run docs:api` rewrites it)',
    { timeout: 60_000 },
    async () => {
      const written = readFileSync(API_REFERENCE, 'utf8');
      expect(
        written === (await renderApiReference()),
        'docs/api.md is out of date: run `npm run docs:api`',
      ).toBe(true);
      expect(written).toContain('### <a id="createorder"></a>`POST /order/{id}`');
      expect(written).toContain('| `Idempotency-Key` | header |');
    },
  );
});
