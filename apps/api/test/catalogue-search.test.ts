import type { Product } from '@urembo/contract/catalogue';
import { beforeAll, describe, expect, it } from 'vitest';
import { Lexicon, searchTokens } from '../src/modules/catalogue/search';
import { signedInUser } from './support/auth';
import { createCategory, createProduct } from './support/catalogue-factories';
import { describeEachDialect } from './support/test-app';

interface SearchBody {
  data: Product[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  message: string;
}

describe('searchTokens', () => {
  it('keeps only words of letters and digits, lower-cased', () => {
    expect(searchTokens(`') OR 1=1--`)).toEqual(['or', '1']);
    expect(searchTokens('<script>alert(1)</script>')).toEqual(['script', 'alert', '1']);
    expect(searchTokens('"Rosé" water* NEAR(x)')).toEqual(['rosé', 'water', 'near', 'x']);
    expect(searchTokens('  !!! ')).toEqual([]);
    expect(searchTokens('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('Lexicon', () => {
  const lexicon = new Lexicon(['serum', 'lipstick', 'toner', 'moisturizer', 'shea', 'butter'], new Map());
  it('finds the known words one slip away from a mistyped word of 5 letters or more', () => {
    expect(lexicon.fixesOf('seurm')).toEqual(['serum']); // two letters swapped
    expect(lexicon.fixesOf('lipstik')).toEqual(['lipstick']); // a letter left out
    expect(lexicon.fixesOf('serumm')).toEqual(['serum']); // one too many
    expect(lexicon.fixesOf('moisturiser')).toEqual(['moisturizer']); // one wrong
    expect(lexicon.fixesOf('tonner')).toEqual(['toner']);
  });
  it('leaves known words, their beginnings, short words and numbers alone', () => {
    expect(lexicon.fixesOf('serum')).toEqual([]);
    expect(lexicon.fixesOf('lipst')).toEqual([]);
    expect(lexicon.fixesOf('sheo')).toEqual([]);
    expect(lexicon.fixesOf('12345')).toEqual([]);
    expect(lexicon.fixesOf('xyzzyq')).toEqual([]);
  });
});

describeEachDialect('product search', (ctx) => {
  const search = async (term: string, extra = '') =>
    ctx().app.inject({
      method: 'GET',
      url: `/api/v1/products/search?search=${encodeURIComponent(term)}${extra}`,
    });

  let serumByName: string;
  let serumInDescription: string;
  let hair: { id: string; name: string };

  beforeAll(async () => {
    const c = ctx();
    const skin = await createCategory(c, { name: 'Skin Care' });
    hair = await createCategory(c, { name: 'Hair Care' });
    // Mentions serum many times in its description, but not in its name: must still rank below name matches.
    serumInDescription = (
      await createProduct(c, {
        name: 'Glow Drops',
        description: 'A light serum. Serum lovers: this serum layers under any serum.',
        categoryId: skin.id,
        createdAt: '2026-03-01T00:00:00.000Z',
      })
    ).id;
    serumByName = (
      await createProduct(c, {
        name: 'Niacinamide Serum 10%',
        description: 'Evens skin tone.',
        categoryId: skin.id,
        tags: ['brightening'],
        createdAt: '2026-01-01T00:00:00.000Z',
      })
    ).id;
    await createProduct(c, { name: 'Vitamin C Serum', categoryId: skin.id, tags: ['glow'] });
    await createProduct(c, { name: 'Edge Control Gel', categoryId: hair.id, tags: ['edges', 'braids'] });
    await createProduct(c, { name: 'Shea Butter', description: 'Raw unrefined shea from Ghana.' });
    await createProduct(c, { name: 'Secret serum', status: 'inactive' });
    await createProduct(c, { name: `Rose "Quote" O'Brien Toner`, description: 'Rose water toner.' });
  });

  it('finds by word prefix ("ser" finds serums), ranks name matches first, hides inactive', async () => {
    for (const term of ['serum', 'ser', 'SERUM']) {
      const res = await search(term);
      expect(res.statusCode).toBe(200);
      const body = res.json<SearchBody>();
      expect(body.total, term).toBe(3);
      const ids = body.data.map((p) => p._id);
      expect(ids).toContain(serumByName);
      // Both name matches come before the description-only match, although that one is newer.
      expect(ids.indexOf(serumInDescription)).toBe(2);
      expect(body.data.map((p) => p.name)).not.toContain('Secret serum');
    }
  });

  it('answers the message and paging (25 by default)', async () => {
    const body = (await search('serum')).json<SearchBody>();
    expect(body).toMatchObject({
      page: 1,
      limit: 25,
      total: 3,
      totalPages: 1,
      message: 'Found 3 products for "serum"',
    });
    const one = (await search('niacinamide')).json<SearchBody>();
    expect(one.message).toBe('Found 1 product for "niacinamide"');
    expect(one.data[0]!._id).toBe(serumByName);
    const paged = (await search('serum', '&limit=2&page=2')).json<SearchBody>();
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(paged.data).toHaveLength(1);
    const none = (await search('zzzqqq')).json<SearchBody>();
    expect(none).toMatchObject({ data: [], total: 0, message: 'No products found for "zzzqqq"' });
  });

  it('searches tags, category names and descriptions', async () => {
    expect((await search('brighten')).json<SearchBody>().data.map((p) => p._id)).toEqual([serumByName]);
    expect((await search('braids')).json<SearchBody>().data.map((p) => p.name)).toEqual(['Edge Control Gel']);
    expect((await search('hair')).json<SearchBody>().data.map((p) => p.name)).toEqual(['Edge Control Gel']);
    expect((await search('unrefined ghana')).json<SearchBody>().data.map((p) => p.name)).toEqual([
      'Shea Butter',
    ]);
  });

  it('needs every word, then falls back to any word', async () => {
    expect((await search('vitamin serum')).json<SearchBody>().data.map((p) => p.name)).toEqual([
      'Vitamin C Serum',
    ]);
    const any = (await search('shea butter for dry feet')).json<SearchBody>();
    expect(any.data.map((p) => p.name)).toContain('Shea Butter');
  });

  it('follows category renames', async () => {
    const admin = await signedInUser(ctx(), { role: 'admin' });
    const res = await ctx().app.inject({
      method: 'PUT',
      url: `/api/v1/category/${hair.id}`,
      headers: { cookie: admin.cookie },
      payload: { category: 'Kinky Curls' },
    });
    expect(res.statusCode).toBe(200);
    expect((await search('kinky')).json<SearchBody>().data.map((p) => p.name)).toEqual(['Edge Control Gel']);
    expect((await search('hair')).json<SearchBody>().total).toBe(0);
  });

  it('treats every input as literal text: quotes, operators, SQL and HTML answer 200', async () => {
    const nasty = [
      `') OR 1=1--`,
      `<script>alert(1)</script>`,
      `"`,
      `'`,
      `"unbalanced`,
      `serum"*`,
      `NEAR(serum toner)`,
      `name:serum`,
      `{name}: serum`,
      `serum AND OR NOT`,
      `-serum`,
      `ser*`,
      `:*`,
      `&|!`,
      `\\`,
      `%_%`,
      `O'Brien`,
      `🙂`,
    ];
    for (const term of nasty) {
      const res = await search(term);
      expect(res.statusCode, term).toBe(200);
      const body = res.json<SearchBody>();
      expect(body.message.endsWith(`for "${term.trim()}"`), term).toBe(true);
    }
    expect((await search(`O'Brien`)).json<SearchBody>().data.map((p) => p.name)).toEqual([
      `Rose "Quote" O'Brien Toner`,
    ]);
    expect((await search('serum"*')).json<SearchBody>().total).toBe(3);
    // The words "or" and "1" are searched literally: only "...Serum 10%" has a word starting with them, where an
    // injection would have listed every product.
    expect((await search(`') OR 1=1--`)).json<SearchBody>().data.map((p) => p.name)).toEqual([
      'Niacinamide Serum 10%',
    ]);
  });

  it('answers a blank or missing term with 400', async () => {
    for (const url of [
      '/api/v1/products/search',
      '/api/v1/products/search?search=',
      '/api/v1/products/search?search=%20%20',
    ]) {
      const res = await ctx().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatch(/type something/);
    }
  });

  it('answers a term over 100 characters with 400 saying so; 100 characters are searched', async () => {
    const long = await search('serum '.repeat(50));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe(
      'Your search is too long: use at most 100 characters, a few words are enough',
    );
    const edge = await search(`serum${' '.repeat(90)}toner`);
    expect(edge.statusCode).toBe(200);
    // Spaces around the term do not count.
    expect((await search(`  ${'a'.repeat(100)}  `)).statusCode).toBe(200);
  });

  it('tolerates a typo in a word of 5 letters or more', async () => {
    const seurm = (await search('seurm')).json() as SearchBody;
    expect(seurm.data.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Niacinamide Serum 10%', 'Vitamin C Serum']),
    );
    expect(seurm.message).toBe(`Found ${seurm.total} products for "seurm"`);
    expect(((await search('vitamn serum')).json() as SearchBody).data[0]!.name).toBe('Vitamin C Serum');
    // A short word is not guessed at.
    expect(((await search('sehs')).json() as SearchBody).total).toBe(0);
  });

  it('knows Kiswahili beauty words', async () => {
    const c = ctx();
    await createProduct(c, { name: 'Coconut Hair Oil', categoryId: hair.id });
    await createProduct(c, { name: 'Black Soap Bar', description: 'Cleans gently.' });
    const names = async (term: string) => ((await search(term)).json() as SearchBody).data.map((p) => p.name);
    expect(await names('mafuta')).toContain('Coconut Hair Oil');
    expect(await names('mafuta ya nywele')).toContain('Coconut Hair Oil');
    expect(await names('sabuni')).toEqual(['Black Soap Bar']);
    expect(await names('ngozi')).toEqual(expect.arrayContaining(['Niacinamide Serum 10%']));
  });

  it('lets admins keep synonyms, which searches use at once', async () => {
    const admin = (await signedInUser(ctx(), { role: 'admin' })).cookie;
    const customer = (await signedInUser(ctx())).cookie;
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      cookie?: string,
      payload?: unknown,
    ) =>
      ctx().app.inject({
        method,
        url: `/api/v1/search/synonyms${url}`,
        headers: cookie ? { cookie } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    expect(((await search('glowing')).json() as SearchBody).total).toBe(0);
    // Searched once: the empty answer is kept, and the new synonym must replace it.
    const created = await call('POST', '', admin, { word: ' Glowing ', means: ['radiant', 'glow', 'glow'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ _id: expect.any(String), word: 'glowing', means: ['radiant', 'glow'] });
    expect(((await search('glowing')).json() as SearchBody).data.map((p) => p.name).sort()).toEqual([
      'Glow Drops',
      'Vitamin C Serum',
    ]);
    expect((await call('GET', '', admin)).json()).toEqual({ data: [created.json()] });

    expect((await call('POST', '', admin, { word: 'glowing', means: ['shine'] })).statusCode).toBe(409);
    for (const body of [
      { word: 'two words', means: ['x1'] },
      { word: 'ok', means: [] },
      { word: 'ok', means: ['a-b'] },
      { word: 'ok', means: ['ok'] },
      { word: 'x'.repeat(41), means: ['yy'] },
      { word: 'ok', means: 'glow' },
      {},
    ]) {
      const res = await call('POST', '', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    for (const cookie of [customer, undefined]) {
      expect((await call('GET', '', cookie)).statusCode).toBe(cookie ? 403 : 401);
      expect((await call('POST', '', cookie, { word: 'aa', means: ['bb'] })).statusCode).toBe(
        cookie ? 403 : 401,
      );
    }

    const id = created.json()._id;
    const updated = await call('PUT', `/${id}`, admin, { means: ['edge'] });
    expect(updated.json()).toEqual({ _id: id, word: 'glowing', means: ['edge'] });
    expect(((await search('glowing')).json() as SearchBody).data.map((p) => p.name)).toEqual([
      'Edge Control Gel',
    ]);
    expect((await call('PUT', `/${id}`, admin, {})).statusCode).toBe(400);
    expect((await call('PUT', '/nope', admin, { means: ['edge'] })).statusCode).toBe(404);
    expect((await call('DELETE', `/${id}`, admin)).json()).toEqual({
      message: 'Synonym for "glowing" deleted',
    });
    expect((await call('DELETE', `/${id}`, admin)).statusCode).toBe(404);
    expect(((await search('glowing')).json() as SearchBody).total).toBe(0);
  });
});
