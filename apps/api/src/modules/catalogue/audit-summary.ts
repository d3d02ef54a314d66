import { changeOf, changesSummary } from '../audit';
import type { ProductRow } from './repository';
import type { CheckedVariant, VariantRow } from './variants';

type ProductFields = Omit<ProductRow, 'category_name'>;

/** What an admin's product change changed, for the audit log ("Price 1,200 -> 950; Status active -> inactive"). */
export function productChangeSummary(
  before: ProductFields,
  after: ProductFields,
  variants: { before: VariantRow[]; after: CheckedVariant[] | null },
  picturesAdded: number,
): string {
  const edited = (label: string, a: string | null, b: string | null) => (a === b ? null : `${label} edited`);
  return changesSummary([
    changeOf('Name', before.name, after.name),
    changeOf('Price', before.price, after.price),
    changeOf('Compare-at price', before.compare_at_price, after.compare_at_price),
    changeOf('Stock', before.stock, after.stock),
    changeOf('Status', before.status, after.status),
    changeOf('Featured', before.is_featured === 1, after.is_featured === 1),
    changeOf('New', before.is_new === 1, after.is_new === 1),
    changeOf('Category', before.category_id, after.category_id),
    changeOf('Brand', before.brand, after.brand),
    changeOf('Best before', before.expires_on, after.expires_on),
    changeOf('Registration', before.registration, after.registration),
    edited('Ingredients', before.ingredients, after.ingredients),
    edited('Description', before.description, after.description),
    edited('Usage', before.usage, after.usage),
    edited('Tags', before.tags, after.tags),
    ...(variants.after ? variantChanges(variants.before, variants.after) : []),
    picturesAdded > 0 ? `${picturesAdded} picture${picturesAdded === 1 ? '' : 's'} added` : null,
  ]);
}

function variantChanges(before: VariantRow[], after: CheckedVariant[]): (string | null)[] {
  const old = new Map(before.map((v) => [v.sku.toLowerCase(), v]));
  const now = new Set(after.map((v) => v.sku.toLowerCase()));
  const out: (string | null)[] = [];
  for (const v of after) {
    const was = old.get(v.sku.toLowerCase());
    if (!was) {
      out.push(`Variant ${v.sku} added at ${v.price.toLocaleString('en-KE')}`);
      continue;
    }
    out.push(changeOf(`${v.sku} price`, was.price, v.price));
    out.push(changeOf(`${v.sku} compare-at price`, was.compare_at_price, v.compareAtPrice));
    out.push(changeOf(`${v.sku} stock`, was.stock, v.stock));
  }
  for (const v of before) if (!now.has(v.sku.toLowerCase())) out.push(`Variant ${v.sku} removed`);
  return out;
}

/** "Rose oil, Ksh 1,200, stock 10, active" for a product just created. */
export function productCreatedSummary(
  row: Pick<ProductFields, 'name' | 'price' | 'stock' | 'status'>,
  variants: number,
) {
  const stock = row.stock === null ? 'stock not tracked' : `stock ${row.stock.toLocaleString('en-KE')}`;
  const extra = variants > 0 ? `, ${variants} variant${variants === 1 ? '' : 's'}` : '';
  return `Created "${row.name}": price ${row.price.toLocaleString('en-KE')}, ${stock}, ${row.status}${extra}`;
}
