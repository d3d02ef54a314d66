import { ProductActionsContext } from '../src/features/catalogue/components/product-actions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { Route, Switch } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../src/features/catalogue/components/product-card';
import { pageWindow } from '../src/features/catalogue/components/page-numbers';
import { Rating, ratingText } from '../src/features/catalogue/components/rating';
import { reviewAge } from '../src/features/reviews/components/product-reviews';
import HomePage from '../src/features/catalogue/screens/home-page';
import ProductPage from '../src/features/catalogue/screens/product-page';
import SearchPage from '../src/features/catalogue/screens/search-page';
import ShopPage from '../src/features/catalogue/screens/shop-page';
import { CATEGORIES, HASH, paged, product } from './catalogue-support';
import { mockApi } from './support/mock-api';
import { renderAt } from './render';
import { createTranslator } from '../src/i18n/i18n';
import { en as enMessages } from '../src/i18n/catalogues/en';
import { sw as swMessages } from '../src/i18n/catalogues/sw';

const en = createTranslator('en', enMessages);
const sw = createTranslator('sw', swMessages);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductCard', () => {
  it('links to the product by slug, truncates to the seed lengths and shows the price', () => {
    renderAt(<ProductCard product={product()} />);
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', '/product/rose-water-toner');
    // The link is named by the words it shows (a voice command says what it sees), and covers the card.
    expect(link).toHaveAccessibleName('Rose Water Toner');
    expect(link).toHaveTextContent(/^Rose Water Toner$/);
    expect(link).toHaveClass('after:inset-0');
    expect(screen.getByRole('heading')).toHaveTextContent('Rose Water Toner');
    expect(screen.getByText('Pure steam-distilled rose water that refreshes, to…')).toBeInTheDocument();
    expect(screen.getByText('Ksh 1,250')).toBeInTheDocument();
  });

  it('uses the shorter featured description (20) and keeps the whole name, two lines at most', () => {
    renderAt(<ProductCard product={product({ name: 'Matte Lipstick Mocha Nude' })} variant="featured" />);
    const heading = screen.getByRole('heading');
    // Cut by characters, "Matte Lipstick N…" named three lipsticks the same; the browser clamps to two lines.
    expect(heading).toHaveTextContent(/^Matte Lipstick Mocha Nude$/);
    expect(heading).toHaveClass('line-clamp-2');
    expect(heading).toHaveAttribute('title', 'Matte Lipstick Mocha Nude');
    expect(screen.getByText('Pure steam-distilled…')).toBeInTheDocument();
  });

  it('builds a responsive, lazy picture with a fixed box', () => {
    renderAt(<ProductCard product={product()} />);
    const img = screen.getByRole('img', { name: 'Rose Water Toner' });
    expect(img).toHaveAttribute('src', `/api/v1/images/${HASH}-640.webp`);
    expect(img).toHaveAttribute(
      'srcset',
      `/api/v1/images/${HASH}-320.webp 320w, /api/v1/images/${HASH}-640.webp 640w, /api/v1/images/${HASH}-1200.webp 1200w`,
    );
    expect(img.getAttribute('sizes')).toMatch(/vw/);
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '1200');
  });

  it('an inactive product cannot be opened', () => {
    renderAt(<ProductCard product={product({ status: 'inactive' })} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('helpers', () => {
  it('says the rating the way the seed does', () => {
    expect(ratingText(en, 5, 0)).toBe('No reviews yet');
    expect(ratingText(en, 4.3, 12)).toBe('4.3 of 5 (12 reviews)');
    expect(ratingText(en, 4, 1)).toBe('4 of 5 (1 review)');
    expect(ratingText(sw, 5, 0)).toBe('Bado hakuna maoni');
    expect(ratingText(sw, 4.3, 12)).toBe('4.3 kati ya 5 (maoni 12)');
  });

  it('says how old a review is in the page’s language', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(reviewAge(en, ago(5 * 60_000), now)).toBe('5m');
    expect(reviewAge(sw, ago(5 * 60_000), now)).toBe('dak 5');
    expect(reviewAge(sw, ago(3 * 3_600_000), now)).toBe('saa 3');
    expect(reviewAge(sw, ago(30 * 3_600_000), now)).toBe('jana');
    expect(reviewAge(en, '2026-03-02T09:00:00Z', now)).toBe('Mar 2');
    expect(reviewAge(sw, '2026-03-02T09:00:00Z', now)).toBe('2 Mac');
  });

  it('shows no stars for a product nobody has reviewed', () => {
    const { container, rerender } = renderAt(<Rating rating={5} reviewCount={0} />);
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.queryByText(/5 of 5/)).not.toBeInTheDocument();
    rerender(<Rating rating={4.5} reviewCount={2} />);
    expect(screen.getByText('4.5 of 5 (2 reviews)')).toBeInTheDocument();
    expect(container.querySelectorAll('svg')).toHaveLength(5);
  });

  it('numbers pages around the current one', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});

describe('HomePage', () => {
  it('pages the featured grid with Previous and Next and links the promo tiles to a category', async () => {
    const calls = mockApi({
      'GET /products/featuredandnew': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return { body: paged([product({ _id: `p${page}`, name: `Featured ${page}` })], page, 10, 25) };
      },
      'GET /category': { body: { data: CATEGORIES } },
    });
    const { location } = renderAt(<HomePage />);
    expect(await screen.findByText('Featured 1')).toBeInTheDocument();
    expect(document.title).toBe('Urembo · Beauty products delivered across Kenya');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Featured 2')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/?page=2');
    expect(calls.some((c) => c.url === '/api/v1/products/featuredandnew?page=2&limit=10')).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Shop skin care/ })).toHaveAttribute(
        'href',
        '/shop?category=c1',
      ),
    );
    expect(screen.getByRole('link', { name: /Shop make-up/ })).toHaveAttribute('href', '/shop?category=c2');
    for (const text of ['Shipping', 'Returns', '24/7 online support', 'Electronic payments']) {
      expect(screen.getByRole('heading', { name: text })).toBeInTheDocument();
    }
  });

  it('shows "Error: {message}" when the list fails', async () => {
    mockApi({ 'GET /products/featuredandnew': { status: 503, body: { error: 'Database is down' } } });
    renderAt(<HomePage />);
    expect(await screen.findByText('Error: Database is down')).toBeInTheDocument();
  });
});

describe('ShopPage', () => {
  it('filters by the tab in the URL and keeps the page in the URL', async () => {
    const calls = mockApi({
      'GET /category': { body: { data: CATEGORIES } },
      'GET /products': ({ url }) => {
        const q = new URL(url, 'http://x').searchParams;
        const page = Number(q.get('page'));
        const name = `${q.get('category') ?? 'all'} item p${page}`;
        return { body: paged([product({ _id: name, name })], page, 10, 30) };
      },
    });
    const { location } = renderAt(<ShopPage />, '/shop');
    expect(await screen.findByText('all item p1')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(tabs).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(tabs).getByRole('link', { name: 'Make-up' }));
    expect(await screen.findByText('c2 item p1')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/shop?category=c2');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Make-up');
    expect(document.title).toBe('Make-up · Urembo');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('c2 item p2')).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/shop?category=c2&page=2');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/v1/products?page=2&limit=10&category=c2')).toBe(true);
  });

  it('says "No products to show" for an empty category', async () => {
    mockApi({
      'GET /category': { body: { data: CATEGORIES } },
      'GET /products': { body: paged([], 1, 10, 0) },
    });
    renderAt(<ShopPage />, '/shop?category=c1');
    expect(await screen.findByText('No products to show')).toBeInTheDocument();
  });
});

describe('SearchPage', () => {
  it('shows the server message and the term as text', async () => {
    const term = '<script>alert(1)</script>';
    mockApi({
      'GET /products/search': {
        body: { ...paged([product()], 1, 25, 60), message: `Found 60 products for "${term}"` },
      },
    });
    const { container } = renderAt(<SearchPage />, `/search?search=${encodeURIComponent(term)}`);
    const message = await screen.findByText(`Found 60 products for "${term}"`);
    expect(message).toHaveClass('text-green-700');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(`Results for “${term}”`);
    expect(container.querySelector('script')).toBeNull();
    expect(document.title).toBe(`Search: ${term} · Urembo`);
    // Numbered pages.
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
  });

  it('answers a 300-character term with a message, without "Failed to fetch"', async () => {
    const calls = mockApi({});
    renderAt(
      <>
        <SearchPage />
        <Toaster />
      </>,
      `/search?search=${'mafuta ya nywele '.repeat(18)}`,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your search is too long: use at most 100 characters, a few words are enough',
    );
    expect(calls).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Failed to fetch products')).not.toBeInTheDocument();
  });

  it("shows the server's reason when it refuses a term (400), not a failure", async () => {
    mockApi({
      'GET /products/search': { status: 400, body: { error: 'Please type something to search for' } },
    });
    renderAt(
      <>
        <SearchPage />
        <Toaster />
      </>,
      '/search?search=x',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Please type something to search for');
    expect(screen.queryByText('Failed to fetch products')).not.toBeInTheDocument();
  });

  it('offers categories and popular products when nothing is found', async () => {
    mockApi({
      'GET /products/search': { body: { ...paged([], 1, 25, 0), message: 'No products found for "zzzzz"' } },
      'GET /category': { body: { data: CATEGORIES } },
      'GET /products/featuredandnew': { body: paged([product({ name: 'Shea Butter Cream' })], 1, 10, 1) },
    });
    renderAt(<SearchPage />, '/search?search=zzzzz');
    expect(await screen.findByText('No products found for "zzzzz"')).toBeInTheDocument();
    const browse = await screen.findByRole('region', { name: 'Browse a category' });
    const first = CATEGORIES[0]!;
    expect(within(browse).getByRole('link', { name: first.category })).toHaveAttribute(
      'href',
      `/shop?category=${first._id}`,
    );
    const popular = screen.getByRole('region', { name: 'Popular in the shop' });
    expect(await within(popular).findByText('Shea Butter Cream')).toBeInTheDocument();
  });

  it('does not search without a term', () => {
    const calls = mockApi({});
    renderAt(<SearchPage />, '/search');
    expect(screen.getByText(/Type a product/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows "Error loading products" and toasts "Failed to fetch products" on failure', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    mockApi({
      'GET /products/search': {
        status: 500,
        body: { error: 'Something went wrong on our side. Please try again.' },
      },
    });
    renderAt(
      <>
        <SearchPage />
        <Toaster />
      </>,
      '/search?search=serum',
    );
    expect(await screen.findByText('Error loading products')).toBeInTheDocument();
    expect(await screen.findByText('Failed to fetch products')).toBeInTheDocument();
  });
});

describe('ProductPage', () => {
  const page = (path: string) =>
    renderAt(
      <Switch>
        <Route path="/product/:slug">{() => <ProductPage />}</Route>
      </Switch>,
      path,
    );

  it('shows the details, the rating and related products, and no dead cart buttons', async () => {
    mockApi({
      'GET /products/rose-water-toner': {
        body: product({ rating: 4.3, reviewCount: 12, isProductNew: true }),
      },
      'GET /products/categoryProducts/c1': {
        body: { data: [product({ _id: 'p2', slug: 'other', name: 'Other Toner' })] },
      },
    });
    page('/product/rose-water-toner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rose Water Toner' })).toBeInTheDocument();
    expect(document.title).toBe('Rose Water Toner · Urembo');
    expect(screen.getByText('Ksh 1,250')).toBeInTheDocument();
    expect(screen.getByText('4.3 of 5 (12 reviews)')).toBeInTheDocument();
    expect(screen.getByText('Mist over the face.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '#toner' })).toHaveAttribute('href', '/search?search=toner');
    expect(await screen.findByText('Other Toner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /add to cart|buy now/i })).not.toBeInTheDocument();
    // The first picture loads at once.
    expect(screen.getByRole('img', { name: 'Rose Water Toner' })).toHaveAttribute('loading', 'eager');
  });

  it('renders the provided product actions and the reviews passed in', async () => {
    mockApi({ 'GET /products/x': { body: product({ slug: 'x' }) } });
    renderAt(
      <ProductActionsContext.Provider value={(p, place) => <button>{`Add ${p.name} (${place})`}</button>}>
        <Switch>
          <Route path="/product/:slug">
            {() => <ProductPage reviews={(p) => <p>{`Reviews of ${p.name}`}</p>} />}
          </Route>
        </Switch>
      </ProductActionsContext.Provider>,
      '/product/x',
    );
    expect(await screen.findByRole('button', { name: 'Add Rose Water Toner (page)' })).toBeInTheDocument();
    expect(screen.getByText('Reviews of Rose Water Toner')).toBeInTheDocument();
  });

  it('shows the brand, "Best before" by the price and what is inside, ingredients folded', async () => {
    mockApi({
      'GET /products/facts': {
        body: product({
          slug: 'facts',
          brand: 'Savanna Glow',
          expiresOn: '2099-03',
          registration: 'KEBS SM#123456',
          ingredients: 'Rosa Damascena Flower Water, Glycerin',
        }),
      },
    });
    page('/product/facts');
    expect(await screen.findByRole('link', { name: 'Savanna Glow' })).toHaveAttribute(
      'href',
      '/shop?brand=Savanna%20Glow',
    );
    expect(screen.getByText('Best before 03/2099')).toBeInTheDocument();
    const inside = screen.getByRole('region', { name: 'What’s inside' });
    expect(within(inside).getByText('KEBS SM#123456')).toBeInTheDocument();
    expect(within(inside).getByText('03/2099')).toBeInTheDocument();
    const ingredients = within(inside).getByText('Rosa Damascena Flower Water, Glycerin');
    expect(ingredients.closest('details')).not.toHaveAttribute('open');
    expect(within(inside).getByRole('link', { name: 'Authenticity and returns' })).toHaveAttribute(
      'href',
      '/returns',
    );
  });

  it('says an expired product is past its best-before month', async () => {
    mockApi({ 'GET /products/old-jar': { body: product({ slug: 'old-jar', expiresOn: '2020-01' }) } });
    page('/product/old-jar');
    expect(await screen.findByText('Expired: best before 01/2020')).toBeInTheDocument();
  });

  it('says an inactive product is unavailable', async () => {
    mockApi({ 'GET /products/old': { body: product({ status: 'inactive', slug: 'old' }) } });
    page('/product/old');
    expect(await screen.findByText('This product is currently unavailable.')).toBeInTheDocument();
    expect(screen.getAllByText('No reviews yet').length).toBeGreaterThan(0);
  });

  it('shows the not-found page for an unknown slug', async () => {
    mockApi({ 'GET /products/nope': { status: 404, body: { error: 'Product not found' } } });
    page('/product/nope');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(document.title).toBe('Page Not Found · Urembo');
  });
});
