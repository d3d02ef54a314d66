import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { apiDocument } from '../src/plugins/api-docs';

const CONFIG = fileURLToPath(new URL('../../../redocly.yaml', import.meta.url));

/** Redocly's problems with a document, as lines (`warn rule-id message at #/pointer`). */
async function lint(document: object): Promise<string[]> {
  const config = await loadConfig({ configPath: CONFIG });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: '/openapi.json',
    config,
  });
  return problems.map((p) => `${p.severity} ${p.ruleId} ${p.message} at ${p.location[0]?.pointer ?? ''}`);
}

describe('The OpenAPI document', () => {
  it('passes Redocly lint (the recommended rules, redocly.yaml) without an error or a warning', async () => {
    expect(await lint(apiDocument())).toEqual([]);
  });

  it('is linted for real: a broken document is reported', async () => {
    const broken = apiDocument();
    delete (broken.paths['/category']!.get as { responses?: unknown }).responses;
    broken.paths['/orders/{orderId}'] = broken.paths['/order/{id}'];
    const problems = await lint(broken);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^error struct .*responses/),
        expect.stringMatching(/^error path-parameters-defined .*orderId/),
      ]),
    );
  });
});
