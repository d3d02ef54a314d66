import { DUPLICATE_REVIEW_MESSAGE, REVIEW_COMMENT_MAX } from '@urembo/contract/review-rules';
import { describe, expect, it } from 'vitest';
import { insertReview } from '../src/modules/reviews/repository';
import { isUniqueViolation } from '../src/db/constraint-errors';
import { NOT_A_BUYER_MESSAGE } from '../src/modules/reviews/service';
import { signedInUser } from './support/auth';
import { createProduct } from './support/catalogue-factories';
import { createTestOrder } from './support/orders-factories';
import { insertTestReview } from './support/reviews-factories';
import { describeEachDialect, type TestContext } from './support/test-app';

/** A customer who paid for an order holding the product, signed in. */
async function verifiedBuyer(
  ctx: TestContext,
  product: { id: string; name: string; price: number },
  name?: string,
) {
  const buyer = await signedInUser(ctx, name ? { full_name: name } : {});
  await createTestOrder(ctx, buyer.user.id, { products: [product], paymentStatus: 'paid' });
  return buyer;
}

async function productRow(ctx: TestContext, id: string) {
  return ctx.database.db
    .selectFrom('products')
    .select(['rating', 'review_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describeEachDialect('reviews', (ctx) => {
  const post = (cookie: string | undefined, payload: unknown) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/v1/review/',
      payload: payload as object,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const put = (cookie: string, id: string, payload: unknown) =>
    ctx().app.inject({
      method: 'PUT',
      url: `/api/v1/review/${id}`,
      payload: payload as object,
      headers: { cookie },
    });

  describe('who may review', () => {
    it('refuses a signed-out visitor with 401', async () => {
      const product = await createProduct(ctx());
      const res = await post(undefined, { productId: product.id, comment: 'Nice', rating: 5 });
      expect(res.statusCode).toBe(401);
    });

    it('refuses a customer who never bought the product (403) and writes nothing', async () => {
      const product = await createProduct(ctx());
      const other = await createProduct(ctx());
      const { user, cookie } = await signedInUser(ctx());
      // A paid order, but for another product.
      await createTestOrder(ctx(), user.id, { products: [other], paymentStatus: 'paid' });
      const res = await post(cookie, { productId: product.id, comment: 'Nice', rating: 5 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: NOT_A_BUYER_MESSAGE });
      const rows = await ctx()
        .database.db.selectFrom('reviews')
        .selectAll()
        .where('product_id', '=', product.id)
        .execute();
      expect(rows).toHaveLength(0);
    });

    it('refuses a customer whose order with the product is not paid (403)', async () => {
      const product = await createProduct(ctx());
      const { user, cookie } = await signedInUser(ctx());
      await createTestOrder(ctx(), user.id, { products: [product], paymentStatus: 'pending' });
      await createTestOrder(ctx(), user.id, { products: [product], paymentStatus: 'payment-unsuccessful' });
      const res = await post(cookie, { productId: product.id, comment: 'Nice', rating: 5 });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(NOT_A_BUYER_MESSAGE);
    });

    it("does not count another customer's paid order", async () => {
      const product = await createProduct(ctx());
      const payer = await signedInUser(ctx());
      await createTestOrder(ctx(), payer.user.id, { products: [product], paymentStatus: 'paid' });
      const { cookie } = await signedInUser(ctx());
      const res = await post(cookie, { productId: product.id, comment: 'Nice', rating: 5 });
      expect(res.statusCode).toBe(403);
    });

    it('answers 404 for an unknown product', async () => {
      const { cookie } = await signedInUser(ctx());
      const res = await post(cookie, { productId: 'no-such-product', comment: 'Nice', rating: 5 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Product not found' });
    });

    it('creates the review of a verified buyer (201) with the documented shape, author from the session', async () => {
      const product = await createProduct(ctx(), { name: 'Rose Water Toner', price: 1250 });
      const buyer = await verifiedBuyer(ctx(), product, 'Amina Wanjiru');
      const impostor = await signedInUser(ctx(), { full_name: 'Someone Else' });
      const res = await post(buyer.cookie, {
        productId: product.id,
        comment: '  Lovely toner, my skin feels fresh.  ',
        rating: 4,
        userId: impostor.user.id,
        user: { _id: impostor.user.id, fullName: 'Someone Else' },
        createdAt: '2001-01-01T00:00:00.000Z',
      });
      expect(res.statusCode).toBe(201);
      const review = res.json();
      expect(review).toEqual({
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        user: { fullName: 'Amina Wanjiru' },
        product: { _id: product.id, name: 'Rose Water Toner', price: 1250 },
        comment: 'Lovely toner, my skin feels fresh.',
        rating: 4,
        createdAt: expect.any(String),
      });
      expect(Date.now() - Date.parse(review.createdAt)).toBeLessThan(60_000);
      const row = await ctx()
        .database.db.selectFrom('reviews')
        .selectAll()
        .where('id', '=', review._id)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(buyer.user.id);
    });

    it('accepts the product slug as productId and a review without a comment', async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      const res = await post(buyer.cookie, { productId: product.slug, rating: 3 });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ comment: '', rating: 3, product: { _id: product.id } });
    });
  });

  describe('validation', () => {
    it.each([
      ['zero stars', 0],
      ['six stars', 6],
      ['4.5 stars', 4.5],
      ['2.5 stars', 2.5],
      ['the string "5"', '5'],
      ['a word', 'five'],
      ['null', null],
      ['a list', [5]],
      ['no rating', undefined],
    ])('refuses %s with 400', async (_label, rating) => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      const res = await post(buyer.cookie, { productId: product.id, comment: 'Hmm', rating });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^rating must be a whole number from 1 to 5$/);
      expect(res.json().details).toEqual([
        { path: 'rating', message: 'rating must be a whole number from 1 to 5' },
      ]);
      expect((await productRow(ctx(), product.id)).review_count).toBe(0);
    });

    it('refuses a comment over 1000 characters (after trimming) and accepts exactly 1000', async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      const tooLong = await post(buyer.cookie, {
        productId: product.id,
        comment: 'a'.repeat(REVIEW_COMMENT_MAX + 1),
        rating: 5,
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error).toBe('comment must be at most 1000 characters');
      const exact = await post(buyer.cookie, {
        productId: product.id,
        comment: `  ${'a'.repeat(REVIEW_COMMENT_MAX)}  `,
        rating: 5,
      });
      expect(exact.statusCode).toBe(201);
      expect(exact.json().comment).toHaveLength(REVIEW_COMMENT_MAX);
    });

    it('refuses a comment that is not text, and a missing productId', async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      const notText = await post(buyer.cookie, { productId: product.id, comment: { html: 'x' }, rating: 5 });
      expect(notText.statusCode).toBe(400);
      expect(notText.json().error).toBe('comment must be text');
      const noProduct = await post(buyer.cookie, { comment: 'x', rating: 5 });
      expect(noProduct.statusCode).toBe(400);
      expect(noProduct.json().error).toBe('productId is required');
    });

    it('stores an HTML/script comment literally and returns it unchanged', async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      const comment = '<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"';
      const res = await post(buyer.cookie, { productId: product.id, comment, rating: 2 });
      expect(res.statusCode).toBe(201);
      expect(res.json().comment).toBe(comment);
      const list = await ctx().app.inject({ url: `/api/v1/review/product/${product.id}` });
      expect(list.headers['content-type']).toMatch(/^application\/json/);
      expect(list.json().data[0].comment).toBe(comment);
    });
  });

  describe('one review per customer and product', () => {
    it('answers 409 to a second review', async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      expect(
        (await post(buyer.cookie, { productId: product.id, comment: 'First', rating: 5 })).statusCode,
      ).toBe(201);
      const again = await post(buyer.cookie, { productId: product.id, comment: 'Second', rating: 1 });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: DUPLICATE_REVIEW_MESSAGE });
      const p = await productRow(ctx(), product.id);
      expect(p).toEqual({ rating: 5, review_count: 1 });
    });

    it('keeps exactly one row when two POSTs race', async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post(buyer.cookie, { productId: product.id, comment: `Race ${i}`, rating: 4 }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const rows = await ctx()
        .database.db.selectFrom('reviews')
        .selectAll()
        .where('product_id', '=', product.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(await productRow(ctx(), product.id)).toEqual({ rating: 4, review_count: 1 });
    });

    it('recognises the unique-constraint failure of either driver (the race backstop answers 409)', async () => {
      const product = await createProduct(ctx());
      const { user } = await signedInUser(ctx());
      const row = {
        user_id: user.id,
        product_id: product.id,
        rating: 3,
        comment: '',
        created_at: '2000-01-01T00:00:00.000Z',
        updated_at: '2000-01-01T00:00:00.000Z',
      };
      await insertReview(ctx().database.db, { ...row, id: 'first-review' });
      const duplicate = await insertReview(ctx().database.db, { ...row, id: 'second-review' }).catch(
        (e: unknown) => e,
      );
      expect(isUniqueViolation(duplicate)).toBe(true);
      const badRating = await insertReview(ctx().database.db, {
        ...row,
        id: 'third',
        product_id: (await createProduct(ctx())).id,
        rating: 9,
      }).catch((e: unknown) => e);
      expect(badRating).toBeInstanceOf(Error);
      expect(isUniqueViolation(badRating)).toBe(false);
    });

    it('answers 409 when the review already exists', async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      await insertTestReview(ctx(), {
        user_id: buyer.user.id,
        product_id: product.id,
        rating: 3,
        comment: '',
      });
      const res = await post(buyer.cookie, { productId: product.id, comment: 'x', rating: 5 });
      expect(res.statusCode).toBe(409);
    });
  });

  describe('editing', () => {
    it('lets the author change the comment and rating; the rating follows', async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      const created = (
        await post(buyer.cookie, { productId: product.id, comment: 'Okay', rating: 2 })
      ).json();
      const res = await put(buyer.cookie, created._id, { rating: 5, comment: ' Better after a week ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ...created, rating: 5, comment: 'Better after a week' });
      expect(await productRow(ctx(), product.id)).toEqual({ rating: 5, review_count: 1 });
      const onlyRating = await put(buyer.cookie, created._id, { rating: 3 });
      expect(onlyRating.json()).toMatchObject({ rating: 3, comment: 'Better after a week' });
    });

    it("refuses someone else's review with 403 (admins too) and leaves it unchanged", async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      const created = (
        await post(buyer.cookie, { productId: product.id, comment: 'Mine', rating: 4 })
      ).json();
      const other = await verifiedBuyer(ctx(), product);
      const res = await put(other.cookie, created._id, { comment: 'Hijacked', rating: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'You can only edit your own review' });
      const admin = await signedInUser(ctx(), { role: 'admin' });
      expect((await put(admin.cookie, created._id, { rating: 1 })).statusCode).toBe(403);
      const row = await ctx()
        .database.db.selectFrom('reviews')
        .selectAll()
        .where('id', '=', created._id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ comment: 'Mine', rating: 4, user_id: buyer.user.id });
    });

    it('validates the edit: an unknown review is 404, an empty or bad body 400', async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      const created = (
        await post(buyer.cookie, { productId: product.id, comment: 'Mine', rating: 4 })
      ).json();
      expect((await put(buyer.cookie, 'nope', { rating: 3 })).statusCode).toBe(404);
      const empty = await put(buyer.cookie, created._id, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error).toBe('Send a new comment or rating');
      expect((await put(buyer.cookie, created._id, { rating: 4.5 })).statusCode).toBe(400);
      expect((await put(buyer.cookie, created._id, { comment: 'x'.repeat(1001) })).statusCode).toBe(400);
      const signedOut = await ctx().app.inject({
        method: 'PUT',
        url: `/api/v1/review/${created._id}`,
        payload: { rating: 1 },
      });
      expect(signedOut.statusCode).toBe(401);
    });
  });

  describe('the product rating', () => {
    it('is recomputed on create, update and delete (one decimal, null when none)', async () => {
      const product = await createProduct(ctx());
      expect(await productRow(ctx(), product.id)).toEqual({ rating: null, review_count: 0 });
      const a = await verifiedBuyer(ctx(), product);
      const b = await verifiedBuyer(ctx(), product);
      const c = await verifiedBuyer(ctx(), product);
      const ra = (await post(a.cookie, { productId: product.id, comment: 'a', rating: 5 })).json();
      expect(await productRow(ctx(), product.id)).toEqual({ rating: 5, review_count: 1 });
      const rb = (await post(b.cookie, { productId: product.id, comment: 'b', rating: 4 })).json();
      expect(await productRow(ctx(), product.id)).toEqual({ rating: 4.5, review_count: 2 });
      await post(c.cookie, { productId: product.id, comment: 'c', rating: 4 });
      // 13 / 3 = 4.333… → 4.3
      expect(await productRow(ctx(), product.id)).toEqual({ rating: 4.3, review_count: 3 });
      await put(b.cookie, rb._id, { rating: 1 });
      // 10 / 3 = 3.333… → 3.3
      expect(await productRow(ctx(), product.id)).toEqual({ rating: 3.3, review_count: 3 });

      const admin = await signedInUser(ctx(), { role: 'admin' });
      const del = await ctx().app.inject({
        method: 'DELETE',
        url: `/api/v1/review/${ra._id}`,
        headers: { cookie: admin.cookie },
      });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ message: 'review deleted' });
      // (1 + 4) / 2 = 2.5
      expect(await productRow(ctx(), product.id)).toEqual({ rating: 2.5, review_count: 2 });
      const rest = await ctx()
        .database.db.selectFrom('reviews')
        .select('id')
        .where('product_id', '=', product.id)
        .execute();
      for (const r of rest) {
        await ctx().app.inject({
          method: 'DELETE',
          url: `/api/v1/review/${r.id}`,
          headers: { cookie: admin.cookie },
        });
      }
      expect(await productRow(ctx(), product.id)).toEqual({ rating: null, review_count: 0 });
    });

    it('rounds to one decimal, halves up (87 / 20 = 4.35 → 4.4)', async () => {
      const product = await createProduct(ctx());
      // 20 reviews summing to 87: seven 5s and thirteen 4s = 35 + 52.
      for (let i = 0; i < 20; i += 1) {
        const b = await verifiedBuyer(ctx(), product);
        const res = await post(b.cookie, { productId: product.id, rating: i < 7 ? 5 : 4 });
        expect(res.statusCode).toBe(201);
      }
      expect(await productRow(ctx(), product.id)).toEqual({ rating: 4.4, review_count: 20 });
    });

    it('stays right when different customers review one product at the same time', async () => {
      const product = await createProduct(ctx());
      const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => verifiedBuyer(ctx(), product)));
      const results = await Promise.all(
        buyers.map((b, i) => post(b.cookie, { productId: product.id, rating: i + 1 })),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(await productRow(ctx(), product.id)).toEqual({ rating: 3, review_count: 5 });
    });
  });

  describe('lists', () => {
    it('lists a product’s reviews publicly, newest first, without emails', async () => {
      const product = await createProduct(ctx());
      const other = await createProduct(ctx());
      const a = await signedInUser(ctx(), { full_name: 'Older Reviewer', email: 'older@example.com' });
      const b = await signedInUser(ctx(), { full_name: 'Newer Reviewer', email: 'newer@example.com' });
      await insertTestReview(ctx(), {
        user_id: a.user.id,
        product_id: product.id,
        rating: 3,
        comment: 'older',
        created_at: '2025-01-01T10:00:00.000Z',
      });
      await insertTestReview(ctx(), {
        user_id: b.user.id,
        product_id: product.id,
        rating: 5,
        comment: 'newer',
        created_at: '2025-02-01T10:00:00.000Z',
      });
      await insertTestReview(ctx(), {
        user_id: a.user.id,
        product_id: other.id,
        rating: 1,
        comment: 'elsewhere',
      });

      const res = await ctx().app.inject({ url: `/api/v1/review/product/${product.id}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page: 1, limit: 10, total: 2, totalPages: 1 });
      expect(body.data.map((r: { comment: string }) => r.comment)).toEqual(['newer', 'older']);
      expect(body.data[0].user).toEqual({ fullName: 'Newer Reviewer' });
      expect(res.body).not.toContain('@example.com');
      expect(res.body).not.toContain(b.user.id);

      const bySlug = await ctx().app.inject({ url: `/api/v1/review/product/${product.slug}` });
      expect(bySlug.json().total).toBe(2);
    });

    it('pages a product’s reviews and answers 404 for an unknown product and 400 for a bad page', async () => {
      const product = await createProduct(ctx());
      for (let i = 0; i < 3; i += 1) {
        const { user } = await signedInUser(ctx());
        await insertTestReview(ctx(), {
          user_id: user.id,
          product_id: product.id,
          rating: 5,
          comment: `r${i}`,
          created_at: `2025-03-0${i + 1}T00:00:00.000Z`,
        });
      }
      const page2 = await ctx().app.inject({ url: `/api/v1/review/product/${product.id}?page=2&limit=2` });
      expect(page2.json()).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
      expect(page2.json().data.map((r: { comment: string }) => r.comment)).toEqual(['r0']);
      expect((await ctx().app.inject({ url: '/api/v1/review/product/nope' })).statusCode).toBe(404);
      expect(
        (await ctx().app.inject({ url: `/api/v1/review/product/${product.id}?limit=101` })).statusCode,
      ).toBe(400);
    });

    it('lists every review for admins with the email, newest first; customers 403, visitors 401', async () => {
      const product = await createProduct(ctx(), { name: 'Shea Butter', price: 800 });
      const reviewer = await signedInUser(ctx(), { full_name: 'Admin Listed', email: 'listed@example.com' });
      await insertTestReview(ctx(), {
        user_id: reviewer.user.id,
        product_id: product.id,
        rating: 4,
        comment: 'in the admin list',
        created_at: '2999-01-01T00:00:00.000Z',
      });
      const admin = await signedInUser(ctx(), { role: 'admin' });
      const res = await ctx().app.inject({
        url: '/api/v1/review?limit=5',
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ page: 1, limit: 5 });
      expect(body.total).toBeGreaterThanOrEqual(1);
      expect(body.data[0]).toEqual({
        _id: expect.any(String),
        user: { fullName: 'Admin Listed', email: 'listed@example.com' },
        product: { _id: product.id, name: 'Shea Butter', price: 800 },
        comment: 'in the admin list',
        rating: 4,
        createdAt: '2999-01-01T00:00:00.000Z',
      });
      const dates = body.data.map((r: { createdAt: string }) => r.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);

      expect(
        (await ctx().app.inject({ url: '/api/v1/review', headers: { cookie: reviewer.cookie } })).statusCode,
      ).toBe(403);
      expect((await ctx().app.inject({ url: '/api/v1/review' })).statusCode).toBe(401);
    });

    it('lists the caller’s own reviews of one of their orders; another customer’s order is 404', async () => {
      const p1 = await createProduct(ctx());
      const p2 = await createProduct(ctx());
      const buyer = await signedInUser(ctx());
      const order = await createTestOrder(ctx(), buyer.user.id, {
        products: [p1, p2],
        paymentStatus: 'paid',
      });
      const created = (await post(buyer.cookie, { productId: p1.id, comment: 'first', rating: 5 })).json();
      // Someone else's review of the same product is not theirs.
      const other = await verifiedBuyer(ctx(), p2);
      await post(other.cookie, { productId: p2.id, comment: 'other', rating: 2 });

      const res = await ctx().app.inject({
        url: `/api/v1/review/order/${order.id}`,
        headers: { cookie: buyer.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [created] });
      const foreign = await ctx().app.inject({
        url: `/api/v1/review/order/${order.id}`,
        headers: { cookie: other.cookie },
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: 'Order not found' });
      expect((await ctx().app.inject({ url: `/api/v1/review/order/${order.id}` })).statusCode).toBe(401);
    });
  });

  describe('admin delete', () => {
    it('is refused to a customer (403) and a visitor (401); unknown ids are 404', async () => {
      const product = await createProduct(ctx());
      const buyer = await verifiedBuyer(ctx(), product);
      const created = (
        await post(buyer.cookie, { productId: product.id, comment: 'keep me', rating: 5 })
      ).json();
      const asCustomer = await ctx().app.inject({
        method: 'DELETE',
        url: `/api/v1/review/${created._id}`,
        headers: { cookie: buyer.cookie },
      });
      expect(asCustomer.statusCode).toBe(403);
      const signedOut = await ctx().app.inject({ method: 'DELETE', url: `/api/v1/review/${created._id}` });
      expect(signedOut.statusCode).toBe(401);
      const still = await ctx()
        .database.db.selectFrom('reviews')
        .select('id')
        .where('id', '=', created._id)
        .execute();
      expect(still).toHaveLength(1);
      const admin = await signedInUser(ctx(), { role: 'admin' });
      const missing = await ctx().app.inject({
        method: 'DELETE',
        url: '/api/v1/review/no-such-review',
        headers: { cookie: admin.cookie },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Review not found' });
    });
  });
});
