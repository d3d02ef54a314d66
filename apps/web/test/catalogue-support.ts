import type { Category, Product } from '@urembo/contract/catalogue';
import { vi } from 'vitest';

export const HASH = 'a'.repeat(64);

export function product(overrides: Partial<Product> = {}): Product {
  return {
    _id: 'p1',
    slug: 'rose-water-toner',
    name: 'Rose Water Toner',
    price: 1250,
    description: 'Pure steam-distilled rose water that refreshes, tones and calms the skin.',
    usage: 'Mist over the face.',
    images: [`/api/v1/images/${HASH}-1200.webp`],
    status: 'active',
    tags: ['toner', 'rose'],
    isFeatured: true,
    isProductNew: false,
    category: { _id: 'c1', category: 'Skin Care' },
    rating: 5,
    reviewCount: 0,
    stock: null,
    inStock: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const CATEGORIES: Category[] = [
  { _id: 'c1', category: 'Skin Care', description: 'For glowing skin' },
  { _id: 'c2', category: 'Make-up', description: 'Colour for every shade' },
];

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: Call) => { status?: number; body: unknown } | undefined;

/** Replaces fetch with a handler; records every call. Unhandled calls answer 404. */
export function mockApi(handler: Handler) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { error: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export function paged<T>(data: T[], page = 1, limit = 10, total = data.length) {
  return { data, page, limit, total, totalPages: Math.ceil(total / limit) };
}
