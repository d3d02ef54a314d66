import { describe, expect, it } from 'vitest';
import { answerProblems } from './support/openapi-answers';

/* The checker every API test's answers go through (support/openapi-answers.ts): it must catch what drifts. */

const json = (statusCode: number, body: unknown, headers: Record<string, unknown> = {}) => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(body),
});

describe('Checking answers against the OpenAPI document', () => {
  it('passes an answer as documented', async () => {
    expect(await answerProblems('GET', '/api/v1/category?x=1', json(200, { data: [] }))).toEqual([]);
    expect(await answerProblems('POST', '/api/v1/order/u1', json(409, { error: 'Only 2 left' }))).toEqual([]);
    expect(await answerProblems('GET', '/api/v1/no-such-thing', json(404, { error: 'Not found' }))).toEqual(
      [],
    );
    expect(await answerProblems('GET', '/elsewhere', json(418, { teapot: true }))).toEqual([]);
  });

  it('reports a status the operation does not list', async () => {
    expect(await answerProblems('GET', '/api/v1/category', json(404, { error: 'x' }))).toEqual([
      'GET /api/v1/category → 404: listCategories does not list this status',
    ]);
  });

  it('reports a body that does not pass the documented schema', async () => {
    const [problem] = await answerProblems('GET', '/api/v1/user/getCart/u1', json(200, { lines: 'none' }));
    expect(problem).toMatch(/^GET \/api\/v1\/user\/getCart\/u1 → 200: body/);
    expect(await answerProblems('DELETE', '/api/v1/address/a1', json(403, { message: 'no' }))).toEqual([
      expect.stringMatching(/403: body must have required property 'error'/),
    ]);
  });

  it('reports a content type or a cookie the document does not give', async () => {
    const html = { statusCode: 200, headers: { 'content-type': 'text/html' }, body: '<p>' };
    expect(await answerProblems('GET', '/api/v1/category', html)).toEqual([
      'GET /api/v1/category → 200: answered text/html, the document says application/json',
    ]);
    const cookie = { 'set-cookie': ['urembo_session=abc; Path=/; HttpOnly'] };
    expect(await answerProblems('GET', '/api/v1/category', json(200, { data: [] }, cookie))).toEqual([
      'GET /api/v1/category → 200: sets the session cookie, which the document does not say',
    ]);
  });

  it('reports a documented URL answered with an unknown method or path as not documented', async () => {
    expect(await answerProblems('PUT', '/api/v1/category', json(200, {}))).toEqual([
      'PUT /api/v1/category → 200: no operation of the document has this method and path',
    ]);
  });
});
