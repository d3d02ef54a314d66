import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { AddToCartButtons } from '../src/features/cart/components/add-to-cart-buttons';
import { CartPage } from '../src/features/cart/screens/cart-page';
import { ProductCard } from '../src/features/catalogue/components/product-card';
import { stockState } from '../src/features/catalogue/components/stock-badge';
import { bodyOf, valuesOf } from '../src/features/catalogue/admin/product-form';
import { CheckoutPage } from '../src/features/checkout/screens/checkout-page';
import { RevenueChart } from '../src/features/dashboard/components/revenue-chart';
import { Dashboard } from '../src/features/dashboard/screens/dashboard';
import { CHECKOUT_DATA_KEY } from '../src/lib/checkout-data';
import { address, customer, product, publicConfig, quote, signedIn } from './support/fixtures';
import './support/match-media';
import { mockApi, routes } from './support/mock-api';
import { renderAt } from './render';

afterEach(() => {
  toast.remove();
});

const config = (lowStockAt = 5) => routes({ 'GET /config/public': { body: publicConfig({ lowStockAt }) } });

describe('stock badges', () => {
  it('decides out of stock, low and nothing', () => {
    expect(stockState({ stock: 0, inStock: false }, 5)).toEqual({ kind: 'out' });
    expect(stockState({ stock: 5, inStock: true }, 5)).toEqual({ kind: 'low', left: 5 });
    expect(stockState({ stock: 6, inStock: true }, 5)).toBeNull();
    expect(stockState({ stock: null, inStock: true }, 5)).toBeNull();
  });

  it('a card says "Out of stock" or "Only N left" (the shop setting decides "low")', async () => {
    mockApi(config(10));
    renderAt(
      <>
        <ProductCard product={product({ stock: 0, inStock: false }) as never} />
        <ProductCard product={product({ _id: 'p2', slug: 'p2', stock: 8, inStock: true }) as never} />
        <ProductCard product={product({ _id: 'p3', slug: 'p3', stock: 11, inStock: true }) as never} />
      </>,
    );
    const [out, low, plenty] = screen.getAllByRole('article');
    expect(within(out!).getByText('Out of stock')).toBeInTheDocument();
    expect(await within(low!).findByText('Only 8 left')).toBeInTheDocument();
    expect(within(plenty!).queryByTestId('stock-badge')).not.toBeInTheDocument();
  });

  it('out of stock: Add to cart and Buy now are disabled', async () => {
    mockApi(signedIn);
    renderAt(<AddToCartButtons product={product({ stock: 0, inStock: false }) as never} />);
    // Wait for the session check, after which an available product's buttons would be enabled.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toHaveAttribute('title'));
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeDisabled();
  });

  it('the cart refusal from the server is shown as it is', async () => {
    mockApi({
      ...signedIn,
      [`POST /user/addToCart/${customer._id}`]: () => ({
        status: 409,
        body: { error: 'Only 1 of Vitamin C Serum is left and you have 1 in your cart' },
      }),
    });
    renderAt(
      <>
        <AddToCartButtons product={product({ stock: 1, inStock: true }) as never} />
        <Toaster />
      </>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(
      await screen.findByText('Only 1 of Vitamin C Serum is left and you have 1 in your cart'),
    ).toBeInTheDocument();
  });
});

describe('cart and checkout', () => {
  it('the cart marks a line above the stock and stops + at the stock', async () => {
    mockApi({
      ...signedIn,
      [`GET /user/getCart/${customer._id}`]: () => ({
        body: {
          data: [
            { ...product({ stock: 1, inStock: true }), count: 3 },
            { ...product({ _id: 'p2', slug: 'p2', name: 'Black Soap', stock: 2, inStock: true }), count: 2 },
          ],
          subtotal: 9000,
        },
      }),
    });
    renderAt(<CartPage />, '/cart');
    expect(await screen.findByText('Only 1 left: reduce the quantity to check out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add one more Vitamin C Serum' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add one more Black Soap' })).toBeDisabled();
    expect(screen.getByText('Only 2 left')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(screen.getByText(/fewer left than you chose/)).toBeInTheDocument();
  });

  it('checkout shows which line is short when the order is refused for stock', async () => {
    localStorage.setItem(
      CHECKOUT_DATA_KEY,
      JSON.stringify([
        { _id: 'p1', name: 'Vitamin C Serum', price: 1800, count: 2, images: [] },
        { _id: 'p2', name: 'Black Soap', price: 450, count: 1, images: [] },
      ]),
    );
    const error = 'Sorry, only 1 of Black Soap is left: please change your order and try again';
    mockApi({
      ...signedIn,
      ...config(),
      [`GET /address/user/${customer._id}`]: {
        body: { data: [address({ name: 'Amina', email: null, isDefault: true })] },
      },
      [`POST /order/${customer._id}/quote`]: { body: quote() },
      [`POST /order/${customer._id}`]: () => ({
        status: 409,
        body: { error, details: [{ path: 'items.1.count', message: 'Only 1 left' }] },
      }),
    });
    renderAt(
      <>
        <CheckoutPage />
        <Toaster />
      </>,
      '/checkout',
    );
    await waitFor(() => expect(screen.getByTestId('checkout-total')).toHaveTextContent('Ksh 4,350'));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment Confirmation' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const note = await screen.findByTestId('short-line');
    expect(note).toHaveTextContent('Only 1 left');
    expect(note.closest('li')).toHaveTextContent('Black Soap');
    expect(screen.getByRole('alert')).toHaveTextContent(error);
    expect(screen.getByRole('link', { name: 'Change your cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('button', { name: 'Proceed to Payment' })).toBeDisabled();
  });

  it('checkout marks the short line from the quote, before any order is tried', async () => {
    localStorage.setItem(
      CHECKOUT_DATA_KEY,
      JSON.stringify([{ _id: 'p1', name: 'Vitamin C Serum', price: 1800, count: 3, images: [] }]),
    );
    const error = 'Sorry, only 2 of Vitamin C Serum are left: please change your order and try again';
    mockApi({
      ...signedIn,
      ...config(),
      [`GET /address/user/${customer._id}`]: () => ({ body: { data: [] } }),
      [`POST /order/${customer._id}/quote`]: () => ({
        status: 409,
        body: { error, details: [{ path: 'items.0.count', message: 'Only 2 left' }] },
      }),
    });
    renderAt(<CheckoutPage />, '/checkout');
    expect(await screen.findByTestId('short-line')).toHaveTextContent('Only 2 left');
    expect(screen.getByRole('alert')).toHaveTextContent(error);
    expect(screen.getByRole('link', { name: 'Change your cart' })).toBeInTheDocument();
  });
});

describe('admin product form', () => {
  it('sends stock on edit only when the admin changed it', () => {
    const values = valuesOf(product({ stock: 4, inStock: true }) as never);
    expect(values.stock).toBe('4');
    expect(bodyOf(values, values.stock)).not.toHaveProperty('stock');
    expect(bodyOf({ ...values, stock: '10' }, values.stock)).toMatchObject({ stock: '10' });
    expect(bodyOf({ ...values, stock: '' }, values.stock)).toMatchObject({ stock: '' });
    expect(bodyOf({ ...values, stock: '3' })).toMatchObject({ stock: '3' });
  });
});

describe('dashboard', () => {
  const days = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-03-${String(i + 1).padStart(2, '0')}`,
    orders: i % 3,
    revenue: i === 29 ? 5000 : i === 10 ? 2500 : 0,
  }));

  it('draws one bar per day, scaled to the best day', () => {
    renderAt(<RevenueChart days={days} />);
    const chart = screen.getByTestId('revenue-chart');
    expect(chart).toHaveAttribute('aria-label', expect.stringContaining('Ksh 7,500 in all'));
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(30);
    expect(Number(bars[29]!.getAttribute('height'))).toBeCloseTo(116);
    expect(Number(bars[10]!.getAttribute('height'))).toBeCloseTo(58);
    expect(Number(bars[0]!.getAttribute('height'))).toBe(0);
  });

  it('shows the figures, links to the filtered orders and the low stock with restock buttons', async () => {
    mockApi({
      'GET /admin/summary': () => ({
        body: {
          today: { orders: 2, revenue: 1000 },
          last7Days: { orders: 9, revenue: 12500 },
          awaitingPayment: 3,
          awaitingDelivery: 1,
          expiringSoon: [],
          lowStock: [product({ stock: 0, inStock: false, name: 'Shea Balm' })],
          lowStockAt: 5,
          lowStockVariants: [
            {
              product: { _id: 'p7', name: 'Velvet Lipstick', slug: 'velvet-lipstick' },
              variant: { _id: 'v1', sku: 'VL-MOCHA', options: { Shade: 'Mocha' }, stock: 2 },
            },
          ],
          topProducts: [{ _id: 'p9', name: 'Black Soap', count: 12 }],
          revenueByDay: days,
        },
      }),
    });
    renderAt(
      <Dashboard adminId="a1" stockControl={(p) => <button type="button">Restock {p.name}</button>} />,
      '/admin/a1/dashboard',
    );
    expect(await screen.findByText('Ksh 12,500')).toBeInTheDocument();
    expect(screen.getByText('2 orders placed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Awaiting payment/ })).toHaveAttribute(
      'href',
      '/admin/a1/orders?awaiting=payment',
    );
    expect(screen.getByRole('link', { name: /Awaiting delivery/ })).toHaveAttribute(
      'href',
      '/admin/a1/orders?awaiting=delivery',
    );
    const low = screen.getByTestId('low-stock');
    expect(within(low).getByText('Out of stock')).toBeInTheDocument();
    expect(within(low).getByRole('button', { name: 'Restock Shea Balm' })).toBeInTheDocument();
    // A shade running low is listed by its options and SKU.
    expect(within(low).getByText('Shade: Mocha · VL-MOCHA')).toBeInTheDocument();
    expect(within(low).getByText('Only 2 left')).toBeInTheDocument();
    expect(screen.getByText('12 units')).toBeInTheDocument();
  });
});
