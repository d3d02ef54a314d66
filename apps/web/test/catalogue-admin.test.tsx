import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { beforeEach, describe, expect, it } from 'vitest';
import './support/match-media';
import CategoryTable from '../src/features/catalogue/admin/category-table';
import ProductsTable from '../src/features/catalogue/admin/products-table';
import { CATEGORIES, HASH, paged, product } from './catalogue-support';
import { mockApi, type RecordedCall } from './support/mock-api';
import { renderAt } from './render';

/*
 * The admin tables as components: this branch has no sign-in screen or admin shell yet, so the browser tests
 * cannot reach them; these tests drive them against a recorded fake API instead.
 */

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

function renderTable(element: React.ReactElement) {
  return renderAt(
    <>
      {element}
      <Toaster />
    </>,
    '/admin/u1/products',
  );
}

describe('admin products table', () => {
  let calls: RecordedCall[];
  const listed = [
    product({ _id: 'p1', name: 'A very long product name that goes on and on', status: 'inactive' }),
    product({ _id: 'p2', slug: 'jar', name: 'Shea Jar', images: [] }),
  ];

  beforeEach(() => {
    calls = mockApi({
      'GET /products': { body: paged(listed, 1, 10, 11) },
      'GET /category': { body: { data: CATEGORIES } },
      'POST /products': { status: 201, body: product() },
      'PUT /products/p1': { body: product() },
      'PUT /products/p2': { body: product() },
      'DELETE /products/p2': { body: { message: 'Product deleted' } },
      'POST /products/deleteProductImage': { body: product({ images: [] }) },
    });
  });

  it('lists every product (inactive too), 10 a page, with the seed truncation', async () => {
    renderTable(<ProductsTable />);
    expect(await screen.findByText('A very long product name…')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/v1/products?includeInactive=true&page=1&limit=10');
    expect(screen.getByText('inactive')).toBeInTheDocument();
    expect(screen.getByText('11 products, newest first')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByText('Pure steam-distilled…')).toHaveLength(2);
  });

  it('creates a product with pictures read as data URLs, then resets', { timeout: 20_000 }, async () => {
    renderTable(<ProductsTable />);
    await screen.findByText('Shea Jar');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    const form = screen.getByRole('form', { name: 'Create product form' });
    // Checked before sending: nothing goes to the server.
    fireEvent.click(within(form).getByRole('button', { name: 'Create product' }));
    expect(await within(form).findByText('Product name is required')).toBeInTheDocument();
    expect(within(form).getByText('Price is required and must be a number')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Baobab Oil' } });
    fireEvent.change(within(form).getByLabelText('Price (Ksh)'), { target: { value: '1450' } });
    fireEvent.change(within(form).getByLabelText('Category'), { target: { value: 'c2' } });
    fireEvent.change(within(form).getByLabelText('Tags (comma-separated)'), {
      target: { value: 'oil, baobab' },
    });
    fireEvent.click(within(form).getByLabelText('Featured'));
    fireEvent.change(within(form).getByLabelText('Images'), {
      target: {
        files: [
          new File([PNG], 'one.png', { type: 'image/png' }),
          new File([PNG], 'two.png', { type: 'image/png' }),
        ],
      },
    });
    expect(await within(form).findByRole('img', { name: 'New image 2' })).toBeInTheDocument();
    fireEvent.click(within(form).getByRole('button', { name: 'Create product' }));

    expect(await screen.findByText('Product created')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/v1/products');
    expect(post.body).toMatchObject({
      name: 'Baobab Oil',
      price: 1450,
      category: 'c2',
      tags: ['oil', ' baobab'],
      isFeatured: true,
      isProductNew: false,
      status: 'active',
    });
    const images = (post.body as { images: string[] }).images;
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(/^data:image\/png;base64,/);
    // The dialog closed; opening it again shows an empty form.
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Create product form' })).not.toBeInTheDocument(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    expect(
      within(screen.getByRole('form', { name: 'Create product form' })).getByLabelText('Name'),
    ).toHaveValue('');
  });

  it("shows the server's message when creating fails", async () => {
    mockApi({
      'POST /products': { status: 400, body: { error: 'Image 1 is not a JPEG, PNG or WebP picture' } },
    });
    renderTable(<ProductsTable />);
    await screen.findByText('Shea Jar');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    const form = screen.getByRole('form', { name: 'Create product form' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'X' } });
    fireEvent.change(within(form).getByLabelText('Price (Ksh)'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create product' }));
    expect(await screen.findAllByText('Image 1 is not a JPEG, PNG or WebP picture')).toHaveLength(2);
    // The form keeps what was typed.
    expect(within(form).getByLabelText('Name')).toHaveValue('X');
  });

  it('updates a product, adding one picture', async () => {
    renderTable(<ProductsTable />);
    await screen.findByText('Shea Jar');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[1]!);
    const form = screen.getByRole('form', { name: 'Update product form' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Shea Jar');
    const file = within(form).getByLabelText('Add an image');
    expect(file).not.toHaveAttribute('multiple');
    fireEvent.change(within(form).getByLabelText('Price (Ksh)'), { target: { value: '999' } });
    fireEvent.change(file, { target: { files: [new File([PNG], 'a.png', { type: 'image/png' })] } });
    await within(form).findByRole('img', { name: 'New image 1' });
    fireEvent.click(within(form).getByRole('button', { name: 'Update product' }));
    expect(await screen.findByText('Product updated successfully!')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/products/p2');
    expect(put.body).toMatchObject({ name: 'Shea Jar', price: 999 });
    expect((put.body as { images: string[] }).images).toHaveLength(1);
  });

  it('refuses a picture over 5 MB before sending it', async () => {
    renderTable(<ProductsTable />);
    await screen.findByText('Shea Jar');
    fireEvent.click(screen.getByRole('button', { name: 'Add product' }));
    const form = screen.getByRole('form', { name: 'Create product form' });
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(form).getByLabelText('Images'), { target: { files: [big] } });
    expect(await within(form).findByText('big.jpg is larger than 5 MB')).toBeInTheDocument();
  });

  it('deletes a product after confirming', async () => {
    renderTable(<ProductsTable />);
    await screen.findByText('Shea Jar');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[1]!);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete product' });
    expect(dialog).toHaveTextContent('Delete Shea Jar and its pictures?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('delete success')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.url).toBe('/api/v1/products/p2');
  });

  it("toasts the server's message when deleting fails", async () => {
    mockApi({ 'DELETE /products/p2': { status: 404, body: { error: 'Product not found' } } });
    renderTable(<ProductsTable />);
    await screen.findByText('Shea Jar');
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[1]!);
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete product' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Product not found')).toBeInTheDocument();
  });

  it('searches by name, brand or SKU once typing pauses, from page 1, and says when nothing matches', async () => {
    const searched: string[] = [];
    mockApi({
      'GET /products': (call) => {
        const q = new URL(call.url, 'http://x').searchParams.get('q');
        if (q === null) return { body: paged(listed, 1, 10, 11) };
        searched.push(call.path);
        if (q !== 'shea') return { body: paged([], 1, 10, 0) };
        // A slow answer: meanwhile the old rows stay, and the count does not claim they match.
        return new Promise((resolve) =>
          setTimeout(() => resolve({ body: paged([listed[1]!], 1, 10, 1) }), 300),
        );
      },
    });
    renderTable(<ProductsTable />);
    await screen.findByText('Shea Jar');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)!.path).toContain('page=2'));

    const box = screen.getByRole('searchbox', { name: 'Search products' });
    fireEvent.change(box, { target: { value: 's' } });
    fireEvent.change(box, { target: { value: 'sh' } });
    fireEvent.change(box, { target: { value: ' shea ' } });
    // Nothing is asked while the admin types; once typing pauses, one search from page 1.
    expect(searched).toEqual([]);
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText(/products match/)).not.toBeInTheDocument();
    expect(await screen.findByText('1 product matches, newest first')).toBeInTheDocument();
    expect(searched).toEqual(['/products?includeInactive=true&page=1&limit=10&q=shea']);
    expect(screen.queryByText('A very long product name…')).not.toBeInTheDocument();

    fireEvent.change(box, { target: { value: 'zzz' } });
    expect(await screen.findByText('No products match “zzz”')).toBeInTheDocument();
    expect(searched).toHaveLength(2);

    // Cleared: the whole list again.
    fireEvent.change(box, { target: { value: '' } });
    expect(await screen.findByText('11 products, newest first')).toBeInTheDocument();
  });

  it('deletes one picture of a product', async () => {
    renderTable(<ProductsTable />);
    await screen.findByText('Shea Jar');
    fireEvent.click(screen.getByRole('button', { name: /Delete image 1 of A very long/ }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete image' })).getByRole('button', {
        name: 'Delete image',
      }),
    );
    expect(await screen.findByText('Image deleted successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/v1/products/deleteProductImage')!.body).toEqual({
      productId: 'p1',
      url: `/api/v1/images/${HASH}-1200.webp`,
    });
  });
});

describe('admin category table', () => {
  let calls: RecordedCall[];
  beforeEach(() => {
    calls = mockApi({
      'GET /category': {
        body: { data: [...CATEGORIES, { _id: 'c3', category: 'Long', description: 'x'.repeat(130) }] },
      },
      'POST /category': (call) => {
        const body = call.body as { category: string; description: string };
        return body.category === 'Skin Care'
          ? { status: 409, body: { error: 'A category named "Skin Care" already exists' } }
          : { status: 201, body: { _id: 'c9', ...body } };
      },
      'PUT /category/c1': { body: { _id: 'c1', category: 'Skin', description: '' } },
      'DELETE /category/c3': { body: { message: 'Category deleted' } },
      'DELETE /category/c1': {
        status: 409,
        body: { error: 'Skin Care still has 4 products: move them to another category first' },
      },
      'GET /search/synonyms': { body: { data: [{ _id: 's1', word: 'losheni', means: ['lotion'] }] } },
      'POST /search/synonyms': (call) => ({
        status: 201,
        body: { _id: 's2', ...(call.body as { word: string; means: string[] }) },
      }),
      'DELETE /search/synonyms/s1': { body: { message: 'Synonym for "losheni" deleted' } },
    });
  });

  it('keeps search synonyms: lists, adds (words split at commas) and deletes them', async () => {
    renderTable(<CategoryTable />);
    const section = await screen.findByRole('region', { name: 'Search synonyms' });
    expect(within(section).getByText(/mafuta \(oil\)/)).toBeInTheDocument();
    expect(await within(section).findByText('lotion')).toBeInTheDocument();
    fireEvent.change(within(section).getByLabelText('Word'), { target: { value: 'Krimu' } });
    fireEvent.change(within(section).getByLabelText(/Also finds/), { target: { value: 'cream, lotion' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Add synonym' }));
    expect(await screen.findByText('Searching "krimu" now finds cream, lotion')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/search/synonyms')!.body).toEqual({
      word: 'krimu',
      means: ['cream', 'lotion'],
    });
    fireEvent.change(within(section).getByLabelText('Word'), { target: { value: 'two words' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Add synonym' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Word must be one word');
    fireEvent.click(within(section).getByRole('button', { name: 'Delete the synonym losheni' }));
    expect(await screen.findByText('Synonym for "losheni" deleted')).toBeInTheDocument();
  });

  it('lists categories with descriptions cut at 120 characters', async () => {
    renderTable(<CategoryTable />);
    expect(await screen.findByText(`${'x'.repeat(120)}…`)).toBeInTheDocument();
  });

  it('creates a category ("new category added") and shows a duplicate refusal', async () => {
    renderTable(<CategoryTable />);
    await screen.findByText('Make-up');
    const form = screen.getByRole('form', { name: 'Add category form' });
    fireEvent.change(within(form).getByLabelText('Category name'), { target: { value: 'Nail Care' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Polish' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await screen.findByText('new category added')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      category: 'Nail Care',
      description: 'Polish',
    });
    await waitFor(() => expect(within(form).getByLabelText('Category name')).toHaveValue(''));

    fireEvent.change(within(form).getByLabelText('Category name'), { target: { value: 'Skin Care' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add category' }));
    expect(await screen.findAllByText('A category named "Skin Care" already exists')).toHaveLength(2);
  });

  it('edits a category ("category updated")', async () => {
    renderTable(<CategoryTable />);
    await screen.findByText('Make-up');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Skin Care' }));
    const form = screen.getByRole('form', { name: 'Update category form' });
    expect(within(form).getByLabelText('Category name')).toHaveValue('Skin Care');
    fireEvent.change(within(form).getByLabelText('Category name'), { target: { value: 'Skin' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update category' }));
    expect(await screen.findByText('category updated')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v1/category/c1');
    expect(put.body).toEqual({ category: 'Skin', description: 'For glowing skin' });
  });

  it('deletes an empty category after confirming, and says why one with products stays', async () => {
    renderTable(<CategoryTable />);
    await screen.findByText('Make-up');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Long' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete category' });
    expect(dialog).toHaveTextContent('Delete Long?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('category deleted')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE' && c.path === '/category/c3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Skin Care' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete category' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText('Skin Care still has 4 products: move them to another category first'),
    ).toBeInTheDocument();
  });
});
