import type { Variant } from '@urembo/contract/catalogue';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { ProductCard } from '../src/features/catalogue/components/product-card';
import { VariantPicker } from '../src/features/catalogue/components/variant-picker';
import ProductPage from '../src/features/catalogue/screens/product-page';
import { product } from './support/fixtures';
import { mockApi } from './support/mock-api';
import { renderAt } from './render';

function variant(sku: string, options: Record<string, string>, extra: Partial<Variant> = {}): Variant {
  return {
    _id: `v-${sku}`,
    sku,
    options,
    price: 1100,
    compareAtPrice: null,
    stock: 10,
    inStock: true,
    image: null,
    swatch: null,
    ...extra,
  };
}

const lipstick = product({
  _id: 'lip',
  slug: 'velvet-lipstick',
  name: 'Velvet Lipstick',
  price: 990,
  images: ['/api/v1/images/a-1200.webp', '/api/v1/images/b-1200.webp'],
  options: [{ name: 'Shade', values: ['Mocha', 'Rose', 'Coral'] }],
  variants: [
    variant('LIP-MOCHA', { Shade: 'Mocha' }, { swatch: '#8A5A44', stock: 2 }),
    variant('LIP-ROSE', { Shade: 'Rose' }, { swatch: '#B9776B', stock: 0, inStock: false }),
    variant(
      'LIP-CORAL',
      { Shade: 'Coral' },
      { swatch: '#E0604F', price: 990, compareAtPrice: 1300, image: '/api/v1/images/b-1200.webp' },
    ),
  ],
  priceRange: { min: 990, max: 1100 },
});

describe('VariantPicker', () => {
  it('shows shades as round swatches named by the shade, with a tooltip; an unavailable one is disabled', () => {
    const onChoose = vi.fn();
    renderAt(<VariantPicker product={lipstick} chosen={{ Shade: 'Mocha' }} onChoose={onChoose} />);
    const group = screen.getByRole('group', { name: 'Shade' });
    const mocha = within(group).getByRole('button', { name: 'Mocha' });
    expect(mocha).toHaveAttribute('title', 'Mocha');
    expect(mocha).toHaveAttribute('aria-pressed', 'true');
    expect(mocha).toHaveStyle({ backgroundColor: '#8A5A44' });
    const rose = within(group).getByRole('button', { name: 'Rose (out of stock)' });
    expect(rose).toBeDisabled();
    fireEvent.click(within(group).getByRole('button', { name: 'Coral' }));
    expect(onChoose).toHaveBeenCalledWith('Shade', 'Coral');
    expect(screen.getByText(': Mocha')).toBeInTheDocument();
  });

  it('shows sizes as chips; a combination not sold is disabled', () => {
    const cream = product({
      options: [
        { name: 'Size', values: ['30 ml', '50 ml'] },
        { name: 'Scent', values: ['Plain', 'Rose'] },
      ],
      variants: [
        variant('C-30P', { Size: '30 ml', Scent: 'Plain' }),
        variant('C-50P', { Size: '50 ml', Scent: 'Plain' }),
        variant('C-50R', { Size: '50 ml', Scent: 'Rose' }),
      ],
    });
    renderAt(
      <VariantPicker product={cream} chosen={{ Size: '30 ml', Scent: 'Plain' }} onChoose={() => {}} />,
    );
    expect(screen.getByRole('button', { name: '30 ml' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '50 ml' })).toBeEnabled();
    // 30 ml in Rose is not sold.
    expect(screen.getByRole('button', { name: 'Rose (out of stock)' })).toBeDisabled();
  });
});

describe('a product page with shades', () => {
  const page = (path: string) =>
    renderAt(
      <Switch>
        <Route path="/product/:slug">{() => <ProductPage />}</Route>
      </Switch>,
      path,
    );

  it('opens on the shade the URL names, and choosing one changes price, stock, picture and URL', async () => {
    mockApi({ 'GET /products/velvet-lipstick': { body: lipstick } });
    const { location } = page('/product/velvet-lipstick?variant=lip-mocha');
    expect(await screen.findByRole('heading', { level: 1, name: 'Velvet Lipstick' })).toBeInTheDocument();
    expect(screen.getByTestId('price')).toHaveTextContent('Ksh 1,100');
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('Only 2 left');
    expect(screen.getByRole('button', { name: 'Mocha' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Coral' }));
    expect(location.history.at(-1)).toBe('/product/velvet-lipstick?variant=LIP-CORAL');
    expect(screen.getByTestId('price')).toHaveTextContent('Ksh 990');
    expect(screen.getByTestId('price')).toHaveTextContent('was Ksh 1,300');
    expect(screen.getByTestId('price')).toHaveTextContent('Save 23%');
    expect(screen.queryByTestId('stock-badge')).not.toBeInTheDocument();
    // The shade's own picture comes first.
    const first = document.querySelector('[aria-roledescription="carousel"] img');
    expect(first).toHaveAttribute('src', expect.stringContaining('/api/v1/images/b-'));
  });

  it('a card says "From" the lowest price and how many shades', () => {
    renderAt(<ProductCard product={lipstick} />);
    expect(screen.getByRole('link', { name: 'Velvet Lipstick, From Ksh 990, 3 shades' })).toBeInTheDocument();
    expect(screen.getByText('3 shades')).toBeInTheDocument();
  });
});
