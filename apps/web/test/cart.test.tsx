import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server.edge';
import { Router } from 'wouter';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { AddToCartButtons } from '../src/features/cart/components/add-to-cart-buttons';
import { CartPage } from '../src/features/cart/screens/cart-page';
import { fetchGuestCart, GUEST_CART_KEY, mergeGuestCart } from '../src/features/cart/guest-cart';
import { cartKeys } from '../src/features/cart/api';
import { authUserKey } from '../src/features/auth/api';
import { CHECKOUT_DATA_KEY } from '../src/lib/checkout-data';
import { customer, product, signedIn, signedOut } from './support/fixtures';
import './support/match-media';
import { mockApi, type RecordedCall, type Reply } from './support/mock-api';
import type { Cart } from '@urembo/contract/orders';
import { renderAt } from './render';

afterEach(() => {
  toast.remove();
});

const withToaster = (element: React.ReactElement) => (
  <>
    {element}
    <Toaster />
  </>
);

const cartUrl = `/user/getCart/${customer._id}`;

describe('CartPage', () => {
  it("shows a visitor's cart kept in this browser; its checkout goes through sign-in", async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([{ productId: 'p1', count: 2 }]));
    const calls = mockApi({ ...signedOut, 'GET /products/p1': () => ({ body: product() }) });
    const { location } = renderAt(<CartPage />, '/cart');
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(screen.getByText('Vitamin C Serum')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('3,600');
    expect(screen.getByTestId('visitor-cart-note')).toBeInTheDocument();
    expect(document.title).toBe('Cart · Urembo');
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/signin?next=%2Fcheckout'));
    expect(calls.filter((c) => c.path.startsWith('/user/'))).toHaveLength(0);
  });

  it("hydrates a visitor's server-drawn cart without a mismatch when the header has already read it", async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([{ productId: 'p1', count: 2 }]));
    mockApi({ ...signedOut, 'GET /products/p1': () => ({ body: product() }) });
    const page = (client: QueryClient) => (
      <QueryClientProvider client={client}>
        <Router ssrPath="/cart">
          <CartPage />
        </Router>
      </QueryClientProvider>
    );
    // The server draws the page for every visitor: it cannot know this browser's cart.
    const serverClient = new QueryClient();
    serverClient.setQueryData(authUserKey, null);
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(serverClient));
    document.body.append(container);
    expect(container).toHaveTextContent('Loading your cart');
    // In the browser the header's badge hydrates first and reads the cart before the cart screen's code arrives.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(authUserKey, null);
    client.setQueryData(cartKeys.mine(undefined), await fetchGuestCart());
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page(client), { onRecoverableError: (error) => mismatches.push(error) });
    });
    expect(await within(container).findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(mismatches).toEqual([]);
    container.remove();
  });

  it('says when the cart is empty, with a link to the shop', async () => {
    mockApi({ ...signedIn, [`GET ${cartUrl}`]: () => ({ body: { data: [], subtotal: 0 } }) });
    renderAt(<CartPage />, '/cart');
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute('href', '/shop');
  });

  it("shows the server's subtotal, flags an unavailable line and checks out only what can be bought", async () => {
    const serum = { ...product(), count: 2 };
    const gone = {
      ...product({
        _id: 'p2',
        slug: 'old-balm',
        name: 'Old Balm',
        description: 'A balm we no longer sell.',
        price: 500,
        status: 'inactive',
      }),
      count: 1,
    };
    mockApi({ ...signedIn, [`GET ${cartUrl}`]: () => ({ body: { data: [serum, gone], subtotal: 3600 } }) });
    const { location } = renderAt(<CartPage />, '/cart');
    expect(await screen.findByTestId('cart-subtotal')).toHaveTextContent('Ksh 3,600');
    expect(screen.getByText('No longer available: not included in your total')).toBeInTheDocument();
    // Description truncated at 45 characters.
    expect(screen.getByText(`${serum.description.slice(0, 45).trimEnd()}…`)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/checkout'));
    expect(JSON.parse(localStorage.getItem(CHECKOUT_DATA_KEY)!)).toEqual([
      { _id: 'p1', name: 'Vitamin C Serum', price: 1800, count: 2, images: ['/api/v1/images/abc-1200.webp'] },
    ]);
  });

  it('disables checkout when nothing in the cart is available', async () => {
    const gone = { ...product({ status: 'inactive' }), count: 1 };
    mockApi({ ...signedIn, [`GET ${cartUrl}`]: () => ({ body: { data: [gone], subtotal: 0 } }) });
    renderAt(<CartPage />, '/cart');
    expect(await screen.findByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add one more Vitamin C Serum' })).toBeDisabled();
  });

  it('reduces, adds, removes and clears through the API', async () => {
    const line = { ...product(), count: 2 };
    const calls = mockApi({
      ...signedIn,
      [`GET ${cartUrl}`]: () => ({ body: { data: [line], subtotal: 3600 } }),
      [`DELETE /user/removeFromCart/${customer._id}`]: ({ body }: RecordedCall) =>
        (body as { all?: boolean }).all
          ? { body: { data: [], subtotal: 0 } }
          : { body: { data: [{ ...line, count: 1 }], subtotal: 1800 } },
      [`POST /user/addToCart/${customer._id}`]: () => ({
        body: { data: [{ ...line, count: 2 }], subtotal: 3600 },
      }),
      [`DELETE /user/clearCart/${customer._id}`]: () => ({ body: { data: [], subtotal: 0 } }),
    });
    renderAt(withToaster(<CartPage />), '/cart');
    fireEvent.click(await screen.findByRole('button', { name: 'Reduce Vitamin C Serum' }));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Ksh 1,800'));
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', body: { productId: 'p1' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add one more Vitamin C Serum' }));
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Ksh 3,600'));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { productId: 'p1', count: 1 } });

    // Clearing asks first: nothing is sent until the customer confirms.
    const sent = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Clear cart' }));
    const question = await screen.findByRole('alertdialog', { name: 'Clear your cart?' });
    expect(calls.length).toBe(sent);
    fireEvent.click(within(question).getByRole('button', { name: 'Clear cart' }));
    expect(await screen.findByText('Cart cleared')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your cart is empty' })).toBeInTheDocument();
  });

  it('removes a whole line with a toast', async () => {
    const line = { ...product(), count: 4 };
    const calls = mockApi({
      ...signedIn,
      [`GET ${cartUrl}`]: () => ({ body: { data: [line], subtotal: 7200 } }),
      [`DELETE /user/removeFromCart/${customer._id}`]: () => ({ body: { data: [], subtotal: 0 } }),
    });
    renderAt(withToaster(<CartPage />), '/cart');
    const item = await screen.findByRole('list', { name: 'Cart items' });
    fireEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Product removed')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', body: { productId: 'p1', all: true } });
  });
});

describe('AddToCartButtons', () => {
  it("keeps a visitor's cart in this browser; Buy now leads through sign-in to the checkout", async () => {
    const calls = mockApi({ ...signedOut, 'GET /products/p1': () => ({ body: product() }) });
    const { location } = renderAt(
      withToaster(<AddToCartButtons product={product() as never} />),
      '/product/x',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('product added')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY)!)).toEqual([{ productId: 'p1', count: 2 }]),
    );
    expect(calls.filter((c) => c.path.startsWith('/user/'))).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/signin?next=%2Fcheckout'));
    expect(JSON.parse(localStorage.getItem(CHECKOUT_DATA_KEY)!)).toHaveLength(1);
  });

  it("merges a visitor's cart into the account's at sign-in, keeping going past a refused line", async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([
        { productId: 'p1', count: 2 },
        { productId: 'gone', count: 1 },
      ]),
    );
    const calls = mockApi({
      'POST /user/addToCart/u-customer': (call: RecordedCall): Reply<Cart> =>
        (call.body as { productId: string }).productId === 'gone'
          ? { status: 404, body: { error: 'Product not found' } }
          : { body: { data: [{ ...product(), count: 2, variant: null }], subtotal: 3600 } },
    });
    expect(await mergeGuestCart(customer._id)).toEqual({ merged: 1, dropped: 1 });
    expect(calls.map((c) => c.body)).toEqual([
      { productId: 'p1', count: 2 },
      { productId: 'gone', count: 1 },
    ]);
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });

  it("keeps the shade a visitor chose, shows it in her cart and merges it into the account's", async () => {
    const shades = product({
      _id: 'lip',
      name: 'Velvet Lipstick',
      price: 1100,
      options: [{ name: 'Shade', values: ['Mocha', 'Rose'] }],
      variants: [
        {
          _id: 'v-mocha',
          sku: 'VL-MOCHA',
          options: { Shade: 'Mocha' },
          price: 1200,
          compareAtPrice: null,
          stock: 3,
          inStock: true,
          image: null,
          swatch: '#8B5A4A',
        },
        {
          _id: 'v-rose',
          sku: 'VL-ROSE',
          options: { Shade: 'Rose' },
          price: 1100,
          compareAtPrice: null,
          stock: 3,
          inStock: true,
          image: null,
          swatch: '#C97B84',
        },
      ],
    });
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify([
        { productId: 'lip', variantId: 'v-mocha', count: 2 },
        { productId: 'lip', variantId: 'v-rose', count: 1 },
        { productId: 'lip', variantId: 'v-gone', count: 1 },
      ]),
    );
    mockApi({ ...signedOut, 'GET /products/lip': () => ({ body: shades }) });
    const cart = await fetchGuestCart();
    expect(cart.data.map((l) => [l.variant?.sku, l.price, l.count])).toEqual([
      ['VL-MOCHA', 1200, 2],
      ['VL-ROSE', 1100, 1],
    ]);
    expect(cart.subtotal).toBe(3500);
    // The shade the shop no longer sells left the stored cart.
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY)!)).toHaveLength(2);

    renderAt(<CartPage />, '/cart');
    expect(await screen.findByText('Shade: Mocha')).toBeInTheDocument();
    expect(screen.getByText('Shade: Rose')).toBeInTheDocument();

    const calls = mockApi({
      'POST /user/addToCart/u-customer': (): Reply<Cart> => ({ body: { data: [], subtotal: 0 } }),
    });
    expect(await mergeGuestCart(customer._id)).toEqual({ merged: 2, dropped: 0 });
    expect(calls.filter((c) => c.path.startsWith('/user/addToCart')).map((c) => c.body)).toEqual([
      { productId: 'lip', variantId: 'v-mocha', count: 2 },
      { productId: 'lip', variantId: 'v-rose', count: 1 },
    ]);
  });

  it('adds to the cart, or buys now with the product alone', async () => {
    const calls = mockApi({
      ...signedIn,
      [`POST /user/addToCart/${customer._id}`]: () => ({
        body: { data: [{ ...product(), count: 1 }], subtotal: 1800 },
      }),
    });
    const { location } = renderAt(
      withToaster(<AddToCartButtons product={product() as never} />),
      '/product/x',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('product added')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { productId: 'p1', count: 1 } });

    fireEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/checkout'));
    expect(JSON.parse(localStorage.getItem(CHECKOUT_DATA_KEY)!)).toEqual([
      { _id: 'p1', name: 'Vitamin C Serum', price: 1800, count: 1, images: ['/api/v1/images/abc-1200.webp'] },
    ]);
  });

  it('offers nothing for an inactive product', () => {
    mockApi(signedIn);
    renderAt(<AddToCartButtons product={product({ status: 'inactive' }) as never} />);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(screen.getByText('This product is not available right now')).toBeInTheDocument();
  });
});
