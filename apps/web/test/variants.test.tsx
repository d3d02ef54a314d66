import type { Variant } from '@urembo/contract/catalogue';
import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import {
  variantBody,
  VariantsEditor,
  type OptionValues,
  type VariantValues,
} from '../src/features/catalogue/admin/variants-editor';
import { ProductActionsContext } from '../src/features/catalogue/components/product-actions';
import { ProductCard } from '../src/features/catalogue/components/product-card';
import { VariantPicker } from '../src/features/catalogue/components/variant-picker';
import ProductPage from '../src/features/catalogue/screens/product-page';
import { product, publicConfig } from './support/fixtures';
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

  it('offers the shade shown on WhatsApp, and nothing for a shade sold out', async () => {
    mockApi({
      'GET /products/velvet-lipstick': { body: lipstick },
      'GET /config/public': { body: publicConfig() },
    });
    const open = (path: string) =>
      renderAt(
        <ProductActionsContext.Provider value={() => null}>
          <Switch>
            <Route path="/product/:slug">{() => <ProductPage />}</Route>
          </Switch>
        </ProductActionsContext.Provider>,
        path,
      );
    const mocha = open('/product/velvet-lipstick?variant=lip-mocha');
    const link = await screen.findByRole('link', { name: 'Order on WhatsApp' });
    expect(decodeURIComponent(link.getAttribute('href')!.split('?text=')[1]!)).toContain(
      '- Velvet Lipstick (Shade: Mocha) x 1: Ksh 1,100',
    );
    mocha.unmount();
    open('/product/velvet-lipstick?variant=lip-rose');
    expect(await screen.findByRole('button', { name: /^Rose/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('link', { name: 'Order on WhatsApp' })).not.toBeInTheDocument();
  });

  it('a card says "From" the lowest price and how many shades', () => {
    renderAt(<ProductCard product={lipstick} />);
    // The link is the name the card shows; the price and the shades are the card's words around it.
    expect(screen.getByRole('link', { name: 'Velvet Lipstick' })).toHaveAttribute(
      'href',
      '/product/velvet-lipstick',
    );
    expect(screen.getByRole('article')).toHaveTextContent(/3 shades\s*From Ksh 990/);
  });
});

describe('the variants editor', () => {
  function Harness({ onBody }: { onBody: (body: unknown) => void }) {
    const [state, setState] = useState<{ options: OptionValues[]; variants: VariantValues[] }>({
      options: [{ name: 'Shade', values: 'Mocha, Rose' }],
      variants: [],
    });
    return (
      <>
        <VariantsEditor
          {...state}
          onChange={setState}
          productName="Velvet Lipstick"
          price="1100"
          pictures={[['/api/v1/images/a-1200.webp', 'Picture 1']]}
        />
        <button type="button" onClick={() => onBody(variantBody(state.options, state.variants, []))}>
          Body
        </button>
      </>
    );
  }

  it('generates the combinations, edits a row, bulk-sets stock and builds the request', () => {
    const onBody = vi.fn();
    renderAt(<Harness onBody={onBody} />);
    fireEvent.change(screen.getByLabelText('Option 1 values'), { target: { value: 'Mocha, Rose, Coral' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add an option' }));
    fireEvent.change(screen.getByLabelText('Option 2 name'), { target: { value: 'Size' } });
    fireEvent.change(screen.getByLabelText('Option 2 values'), { target: { value: '3 g, 5 g' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate combinations' }));
    const rows = within(screen.getByRole('list', { name: 'Variants' })).getAllByRole('listitem');
    expect(rows).toHaveLength(6);
    expect(screen.getByLabelText('SKU of Shade: Mocha, Size: 3 g')).toHaveValue('VELLIP-MOCHA-3-G');
    fireEvent.change(screen.getByLabelText('Price of Shade: Coral, Size: 5 g'), {
      target: { value: '1300' },
    });
    fireEvent.change(screen.getByLabelText('Picture of Shade: Rose, Size: 3 g'), {
      target: { value: '/api/v1/images/a-1200.webp' },
    });
    fireEvent.change(screen.getByLabelText('Stock for all'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set stock' }));
    // Generating again keeps what was typed.
    fireEvent.click(screen.getByRole('button', { name: 'Generate combinations' }));
    fireEvent.click(screen.getByRole('button', { name: 'Body' }));
    const body = onBody.mock.calls[0]![0] as ReturnType<typeof variantBody>;
    expect(body.options).toEqual([
      { name: 'Shade', values: ['Mocha', 'Rose', 'Coral'] },
      { name: 'Size', values: ['3 g', '5 g'] },
    ]);
    expect(body.variants).toHaveLength(6);
    expect(body.variants.map((v) => v.stock)).toEqual(Array(6).fill('7'));
    expect(body.variants[5]).toMatchObject({ options: { Shade: 'Coral', Size: '5 g' }, price: 1300 });
    expect(body.variants[2]).toMatchObject({ image: '/api/v1/images/a-1200.webp' });
    // Shades get a swatch colour picker.
    expect(screen.getByLabelText('Swatch of Shade: Mocha, Size: 3 g')).toHaveAttribute('type', 'color');
  });
});
