import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { Route } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@urembo/contract/orders';
import type { Review } from '@urembo/contract/reviews';
import { ProductReviews } from '../src/features/reviews/components/product-reviews';
import ReviewOrderPage, { acceptRating } from '../src/features/reviews/routes/review-order-page';
import { catalogueKeys } from '../src/features/catalogue/api';
import { renderAt } from './render';
import { customer, order as anyOrder, paged, product } from './support/fixtures';
import { mockApi, type Reply } from './support/mock-api';
import './support/match-media';

const NOW = new Date('2025-11-20T12:00:00.000Z');

function review(overrides: Partial<Review> = {}): Review {
  return {
    _id: `r-${Math.random().toString(16).slice(2)}`,
    user: { fullName: 'Amina Wanjiru' },
    product: { _id: 'p1', name: 'Rose Water Toner', price: 1250 },
    comment: 'Lovely',
    rating: 5,
    createdAt: NOW.toISOString(),
    ...overrides,
  };
}

function page(data: Review[], extra: Partial<{ page: number; total: number; totalPages: number }> = {}) {
  return { body: { ...paged(data), ...extra } };
}

afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ProductReviews', () => {
  it('renders a <script> comment as literal text, never as markup', async () => {
    const comment = '<script>alert(1)</script>';
    mockApi({ 'GET /review/product/p1': page([review({ comment })]) });
    const { container } = renderAt(<ProductReviews productId="p1" rating={5} reviewCount={1} />);
    expect(await screen.findByText(comment)).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('shows a usual comment whole, with no toggle', async () => {
    const usual =
      'This toner is gentle and smells of real roses, I love it. My skin feels calm after two weeks.';
    mockApi({ 'GET /review/product/p1': page([review({ comment: usual })]) });
    renderAt(<ProductReviews productId="p1" rating={5} reviewCount={1} />);
    expect(await screen.findByText(usual)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read more' })).not.toBeInTheDocument();
  });

  it('cuts only a long comment, at 280 characters, with a Read more toggle', async () => {
    const long = `${'Gentle toner that smells of real roses. '.repeat(8)}The end.`;
    mockApi({ 'GET /review/product/p1': page([review({ comment: long })]) });
    renderAt(<ProductReviews productId="p1" rating={5} reviewCount={1} />);
    const short = await screen.findByText(/…$/);
    expect(short.textContent!.length).toBeLessThanOrEqual(281);
    expect(short.textContent!.length).toBeGreaterThan(270);
    expect(screen.queryByText(long)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Read more' }));
    expect(screen.getByText(long)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByText(/…$/)).toBeInTheDocument();
  });

  it('shows the reviewer, stars, average, count and relative times', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
    mockApi({
      'GET /review/product/p1': page([
        review({ user: { fullName: 'Just Now' }, createdAt: ago(20_000), rating: 5 }),
        review({ user: { fullName: 'Minutes' }, createdAt: ago(5 * 60_000), rating: 4 }),
        review({ user: { fullName: 'Hours' }, createdAt: ago(3 * 3600_000), rating: 4 }),
        review({ user: { fullName: 'Yesterday' }, createdAt: ago(30 * 3600_000), rating: 3 }),
        review({ user: { fullName: 'Long Ago' }, createdAt: '2025-11-03T09:00:00.000Z', rating: 1 }),
      ]),
    });
    renderAt(<ProductReviews productId="p1" rating={3.4} reviewCount={5} />);
    const items = await screen.findAllByRole('listitem');
    const times = items.map((li) => li.querySelector('time')!.textContent);
    expect(times).toEqual(['Just now', '5m', '3h', '1d', 'Nov 3']);
    expect(within(items[1]!).getByText('Minutes')).toBeInTheDocument();
    expect(within(items[1]!).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    const summary = screen.getByTestId('review-summary');
    expect(summary).toHaveTextContent('3.4');
    expect(summary).toHaveTextContent('5 reviews');
    expect(within(summary).getByRole('img', { name: '3.4 out of 5 stars' })).toBeInTheDocument();
  });

  it('shows an empty state when there are no reviews', async () => {
    mockApi({ 'GET /review/product/p1': page([]) });
    renderAt(<ProductReviews productId="p1" rating={5} reviewCount={0} />);
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByTestId('review-summary')).not.toBeInTheDocument();
    // No stars at all until there is a review.
    expect(screen.queryByRole('img', { name: /out of 5 stars/ })).not.toBeInTheDocument();
  });

  it('loads more reviews a page at a time', async () => {
    const calls = mockApi({
      'GET /review/product/p1?page=1&limit=10': page([review({ user: { fullName: 'First Page' } })], {
        total: 11,
        totalPages: 2,
      }),
      'GET /review/product/p1?page=2&limit=10': page([review({ user: { fullName: 'Second Page' } })], {
        page: 2,
        total: 11,
        totalPages: 2,
      }),
    });
    renderAt(<ProductReviews productId="p1" rating={4} reviewCount={11} />);
    expect(await screen.findByText('First Page')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show more reviews' }));
    expect(await screen.findByText('Second Page')).toBeInTheDocument();
    expect(screen.getByText('First Page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual([
      '/review/product/p1?page=1&limit=10',
      '/review/product/p1?page=2&limit=10',
    ]);
  });
});

describe('acceptRating', () => {
  it('accepts only whole numbers 1 to 5', () => {
    expect(['1', '3', '5'].map(acceptRating)).toEqual([1, 3, 5]);
    expect(['0', '6', '4.5', '', ' ', 'abc', '-1', '1e0x'].map(acceptRating)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

/** A paid order of three products, the last without a picture. */
function order(overrides: Partial<Order> = {}): Order {
  return anyOrder({
    _id: 'o1',
    items: [
      { _id: 'p1', name: 'Rose Water Toner', price: 1250, images: ['/img/p1.webp'], count: 1, variant: null },
      { _id: 'p2', name: 'Shea Butter', price: 800, images: ['/img/p2.webp'], count: 2, variant: null },
      { _id: 'p3', name: 'Argan Oil', price: 2100, images: [], count: 1, variant: null },
    ],
    subtotal: 4950,
    shippingFee: 200,
    totalAmount: 5150,
    paymentStatus: 'paid',
    ...overrides,
  });
}

function renderReviewPage() {
  return renderAt(
    <>
      <Route path="/review-order/:id" component={ReviewOrderPage} />
      <Toaster />
    </>,
    '/review-order/o1',
  );
}

/** The signed-in customer, the order, and their reviews of it (a POST or PUT through the mock updates `mine`). */
function baseRoutes(o: Reply<Order>, mine: Review[] = []) {
  return {
    'GET /auth/me': { body: { user: customer } },
    'GET /order/o1': o,
    'GET /review/order/o1': () => ({ body: { data: mine } }),
  } as const;
}

/** POST /review/ as the server answers it: 201 with the review, which then shows among the customer's own. */
function createsReview(mine: Review[], values: Partial<Review>) {
  return () => {
    const created = review(values);
    mine.push(created);
    return { status: 201 as const, body: created };
  };
}

describe('ReviewOrderPage', () => {
  beforeEach(() => {
    document.title = '';
  });

  it('steps through the products with Previous and Next, resetting the comment and rating', async () => {
    mockApi(baseRoutes({ body: order() }));
    renderReviewPage();
    expect(await screen.findByRole('heading', { name: 'Rose Water Toner' })).toBeInTheDocument();
    expect(document.title).toBe('Leave a Review · Urembo');
    expect(screen.getByRole('heading', { level: 1, name: 'Leave a Review' })).toBeInTheDocument();
    expect(screen.getByText('Price: KES 1,250')).toBeInTheDocument();
    expect(screen.getByText('Product 1 of 3')).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();

    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Half written' } });
    fireEvent.change(screen.getByLabelText('Rating'), { target: { value: '4' } });
    expect(screen.getByLabelText('Rating')).toHaveValue(4);
    fireEvent.click(next);
    expect(screen.getByRole('heading', { name: 'Shea Butter' })).toBeInTheDocument();
    expect(screen.getByText('Price: KES 800')).toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveValue('');
    expect(screen.getByLabelText('Rating')).toHaveValue(null);
    expect(previous).toBeEnabled();

    fireEvent.click(next);
    expect(screen.getByRole('heading', { name: 'Argan Oil' })).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Argan Oil' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: '3 stars' }));
    expect(screen.getByLabelText('Rating')).toHaveValue(3);
    fireEvent.click(previous);
    expect(screen.getByRole('heading', { name: 'Shea Butter' })).toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveValue('');
    expect(screen.getByLabelText('Rating')).toHaveValue(null);
  });

  it('sends nothing without a rating, or with 0, 6 or 4.5 typed, and asks for 1 to 5 stars', async () => {
    const calls = mockApi(baseRoutes({ body: order() }));
    renderReviewPage();
    const rating = await screen.findByLabelText('Rating');
    expect(rating).toHaveValue(null);
    expect(screen.getByRole('button', { name: '1 star' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Forgot the stars' } });
    for (const bad of ['', '0', '6', '4.5']) {
      fireEvent.change(rating, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Choose 1 to 5 stars');
      expect(rating).toHaveFocus();
      expect(rating).toHaveAttribute('aria-invalid', 'true');
    }
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Choosing stars clears the message.
    fireEvent.click(screen.getByRole('button', { name: '2 stars' }));
    expect(rating).toHaveValue(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('submits, shows "Submitting...", then toasts, clears and moves to the next product', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const mine: Review[] = [];
    const calls = mockApi({
      ...baseRoutes({ body: order() }, mine),
      'POST /review': async (call) => {
        await gate;
        const body = call.body as { productId: string; comment: string; rating: number };
        const created = review({
          product: { _id: body.productId, name: 'Rose Water Toner', price: 1250 },
          comment: body.comment,
          rating: body.rating,
        });
        mine.push(created);
        return { status: 201, body: created };
      },
    });
    renderReviewPage();
    fireEvent.change(await screen.findByLabelText('Comment'), { target: { value: 'Fresh skin all day' } });
    fireEvent.click(screen.getByRole('button', { name: '4 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

    const pending = await screen.findByRole('button', { name: 'Submitting...' });
    expect(pending).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await act(async () => release());

    expect(await screen.findByText('Review created successfully!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shea Butter' })).toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveValue('');
    expect(screen.getByLabelText('Rating')).toHaveValue(null);
    expect(screen.getByText('1 of 3 reviewed')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({
      method: 'POST',
      path: '/review',
      body: { productId: 'p1', comment: 'Fresh skin all day', rating: 4 },
    });

    // Back on the first product it now shows the review instead of a second form.
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('You reviewed this product')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument();
  });

  it('on the last product a success clears the form and stays', async () => {
    const mine: Review[] = [];
    mockApi({
      ...baseRoutes({ body: order({ items: [order().items[0]!] }) }, mine),
      'POST /review': createsReview(mine, { comment: 'Only one', rating: 2 }),
    });
    renderReviewPage();
    fireEvent.change(await screen.findByLabelText('Comment'), { target: { value: 'Only one' } });
    fireEvent.click(screen.getByRole('button', { name: '2 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Review created successfully!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rose Water Toner' })).toBeInTheDocument();
    expect(screen.getByTestId('my-review')).toHaveTextContent('Only one');
  });

  it('marks the catalogue stale after a review, so ratings and counts refresh everywhere', async () => {
    const mine: Review[] = [];
    mockApi({
      ...baseRoutes({ body: order({ items: [order().items[0]!] }) }, mine),
      'POST /review': createsReview(mine, { comment: 'Lovely', rating: 4 }),
    });
    const { queryClient } = renderReviewPage();
    queryClient.setQueryData(
      catalogueKeys.product('rose-water-toner'),
      product({ rating: 5, reviewCount: 0 }),
    );
    fireEvent.change(await screen.findByLabelText('Comment'), { target: { value: 'Lovely' } });
    fireEvent.click(screen.getByRole('button', { name: '4 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Review created successfully!')).toBeInTheDocument();
    expect(queryClient.getQueryState(catalogueKeys.product('rose-water-toner'))?.isInvalidated).toBe(true);
  });

  it("toasts the server's message when the review is refused", async () => {
    mockApi({
      ...baseRoutes({ body: order() }),
      'POST /review': {
        status: 409,
        body: { error: 'You have already reviewed this product; edit your review instead' },
      },
    });
    renderReviewPage();
    fireEvent.change(await screen.findByLabelText('Comment'), { target: { value: 'Twice' } });
    fireEvent.click(screen.getByRole('button', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(
      await screen.findByText('You have already reviewed this product; edit your review instead'),
    ).toBeInTheDocument();
    // Nothing moved or cleared.
    expect(screen.getByRole('heading', { name: 'Rose Water Toner' })).toBeInTheDocument();
    expect(screen.getByLabelText('Comment')).toHaveValue('Twice');
  });

  it('lets the customer edit a product they already reviewed (PUT)', async () => {
    const mine = review({ _id: 'r1', comment: 'Was okay', rating: 3 });
    const reviews = [mine];
    const calls = mockApi({
      ...baseRoutes({ body: order() }, reviews),
      'PUT /review/r1': () => {
        reviews[0] = { ...mine, comment: 'Better now', rating: 5 };
        return { body: reviews[0] };
      },
    });
    renderReviewPage();
    const card = await screen.findByTestId('my-review');
    expect(card).toHaveTextContent('You reviewed this product');
    expect(within(card).getByRole('img', { name: '3 out of 5 stars' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit your review' }));
    expect(screen.getByLabelText('Comment')).toHaveValue('Was okay');
    expect(screen.getByLabelText('Rating')).toHaveValue(3);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Better now' } });
    fireEvent.click(screen.getByRole('button', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Review updated successfully!')).toBeInTheDocument();
    expect(await screen.findByTestId('my-review')).toHaveTextContent('Better now');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ comment: 'Better now', rating: 5 });
  });

  it('shows "No products found in this order." for an empty order', async () => {
    mockApi(baseRoutes({ body: order({ items: [] }) }));
    renderReviewPage();
    expect(await screen.findByText('No products found in this order.')).toBeInTheDocument();
  });

  it('shows "Error: {message}" when the order cannot be fetched', async () => {
    mockApi(
      baseRoutes({ status: 500, body: { error: 'Something went wrong on our side. Please try again.' } }),
    );
    renderReviewPage();
    expect(
      await screen.findByText('Error: Something went wrong on our side. Please try again.'),
    ).toBeInTheDocument();
  });

  it("treats another customer's order as not found", async () => {
    mockApi(baseRoutes({ status: 404, body: { error: 'Order not found' } }));
    renderReviewPage();
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders/all');
    expect(screen.queryByLabelText('Comment')).not.toBeInTheDocument();
  });

  it('explains an unpaid order and links back to it', async () => {
    const calls = mockApi(baseRoutes({ body: order({ paymentStatus: 'pending' }) }));
    renderReviewPage();
    expect(await screen.findByRole('heading', { name: 'This order is not paid yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your order' })).toHaveAttribute('href', '/order/o1');
    expect(screen.queryByLabelText('Comment')).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/review/order/o1')).toBe(false);
  });

  it('asks a visitor to sign in', async () => {
    const calls = mockApi({ 'GET /auth/me': { body: { user: null } } });
    renderReviewPage();
    expect(await screen.findByRole('heading', { name: 'You are not signed in yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/signin?next=%2Freview-order%2Fo1',
    );
    expect(calls.map((c) => c.path)).toEqual(['/auth/me']);
  });

  it('asks to sign in again when the session ended (the order answers 401)', async () => {
    mockApi(baseRoutes({ status: 401, body: { error: 'Please sign in to continue' } }));
    renderReviewPage();
    expect(await screen.findByRole('heading', { name: 'You are not signed in yet' })).toBeInTheDocument();
  });

  it("uses the product's full gallery when the catalogue answers", async () => {
    mockApi({
      ...baseRoutes({ body: order() }),
      'GET /products/p1': { body: product({ _id: 'p1', images: ['/img/a.webp', '/img/b.webp'] }) },
    });
    renderReviewPage();
    const first = await screen.findByRole('img', { name: 'Rose Water Toner, picture 1' });
    expect(first).toHaveAttribute('src', '/img/a.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Shea Butter: the catalogue has no answer (404), so the order line's one image shows.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Shea Butter' })).toHaveAttribute('src', '/img/p2.webp'),
    );
  });
});
