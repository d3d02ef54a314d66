import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../src/api';
import { fillPath, queryString, urlOf } from '../src/http';

describe('endpoint definitions', () => {
  it('name each path parameter of their route, and no other', () => {
    for (const { endpoint } of ENDPOINTS) {
      const named = [...endpoint.path.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const declared = Object.keys(endpoint.params?.shape ?? {}).sort();
      expect(declared, `${endpoint.method} ${endpoint.path}`).toEqual(named);
    }
  });

  it('give every endpoint its own operation id, method and path', () => {
    const ids = ENDPOINTS.map(({ endpoint }) => endpoint.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ENDPOINTS.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('answer every endpoint with a success', () => {
    for (const { endpoint } of ENDPOINTS) {
      expect(endpoint.responses[200] ?? endpoint.responses[201], endpoint.id).toBeDefined();
    }
  });
});

describe('URLs of a route', () => {
  it('fill each parameter as one encoded segment', () => {
    expect(fillPath('/shipping/:kind/:id', { kind: 'towns', id: 'a/b c' })).toBe('/shipping/towns/a%2Fb%20c');
    expect(() => fillPath('/order/:id', {})).toThrow(':id');
  });

  it('send the query values that are set', () => {
    expect(queryString({ page: 2, category: null, search: '', exclude: undefined, all: true })).toBe(
      '?page=2&all=true',
    );
    expect(queryString({})).toBe('');
    expect(
      urlOf({ id: 'x', method: 'GET', path: '/review/product/:productId' }, { productId: 'p1' }, { page: 1 }),
    ).toBe('/review/product/p1?page=1');
  });
});
