import {
  productCreateSchema,
  productUpdateSchema,
  type Category,
  type Product,
  type ProductCreateInput,
} from '@urembo/contract/catalogue';
import { IMAGE_LIMITS } from '@urembo/contract/images';
import { bannedIngredientMessage, findBannedIngredient, isExpired } from '@urembo/contract/product-facts';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { FormActions } from '../../../components/form-field';
import { ProductImage } from '../../../components/product-image';
import { readAsDataUrl } from './api';
import {
  variantBody,
  variantValuesOf,
  VariantsEditor,
  type OptionValues,
  type VariantValues,
} from './variants-editor';

export interface ProductFormValues {
  name: string;
  price: string;
  description: string;
  usage: string;
  category: string;
  tags: string;
  isFeatured: boolean;
  isProductNew: boolean;
  status: 'active' | 'inactive';
  /** Units in stock; empty = not tracked. */
  stock: string;
  brand: string;
  /** Best before, "YYYY-MM" (what an <input type="month"> gives). */
  expiresOn: string;
  registration: string;
  ingredients: string;
  /** New pictures as data URLs (several on create, one at a time on update). */
  images: string[];
  /** The earlier price, shown crossed out; empty = none. */
  compareAtPrice: string;
  options: OptionValues[];
  variants: VariantValues[];
  /** Whether the admin changed the options or variants (only then are they sent: orders change variant stock). */
  variantsChanged: boolean;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  price: '',
  description: '',
  usage: '',
  category: '',
  tags: '',
  isFeatured: false,
  isProductNew: false,
  status: 'active',
  stock: '',
  brand: '',
  expiresOn: '',
  registration: '',
  ingredients: '',
  images: [],
  compareAtPrice: '',
  options: [],
  variants: [],
  variantsChanged: false,
};

export function valuesOf(product: Product): ProductFormValues {
  return {
    name: product.name,
    price: String(product.price),
    description: product.description,
    usage: product.usage,
    category: product.category?._id ?? '',
    tags: product.tags.join(', '),
    isFeatured: product.isFeatured,
    isProductNew: product.isProductNew,
    status: product.status,
    stock: product.stock === null ? '' : String(product.stock),
    brand: product.brand ?? '',
    expiresOn: product.expiresOn ?? '',
    registration: product.registration ?? '',
    ingredients: product.ingredients ?? '',
    images: [],
    compareAtPrice: product.compareAtPrice === null ? '' : String(product.compareAtPrice),
    ...variantValuesOf(product),
    variantsChanged: false,
  };
}

/**
 * The request body: tags split at commas, price as a number, no category as null. Stock is sent only when the
 * admin typed a different value than the form opened with: orders change it meanwhile, and saving a renamed
 * product must not put back the count that was on screen.
 */
export function bodyOf(
  values: ProductFormValues,
  initialStock?: string,
  existingImages: string[] = [],
): ProductCreateInput {
  const stockChanged = initialStock === undefined || values.stock.trim() !== initialStock.trim();
  // A product with variants keeps its stock per variant; its options and variants go when the admin changed them.
  const withVariants = values.options.some((o) => o.name.trim() !== '');
  const sendVariants = initialStock === undefined || values.variantsChanged;
  return {
    ...(stockChanged && !withVariants ? { stock: values.stock.trim() } : {}),
    ...(sendVariants ? variantBody(values.options, values.variants, existingImages) : {}),
    compareAtPrice: values.compareAtPrice.trim() === '' ? null : Number(values.compareAtPrice.trim()),
    name: values.name,
    price: values.price.trim() === '' ? undefined : Number(values.price.trim()),
    description: values.description,
    usage: values.usage,
    category: values.category || null,
    tags: values.tags.split(','),
    isFeatured: values.isFeatured,
    isProductNew: values.isProductNew,
    status: values.status,
    brand: values.brand,
    expiresOn: values.expiresOn,
    registration: values.registration,
    ingredients: values.ingredients,
    images: values.images,
  };
}

type Errors = Partial<Record<keyof ProductFormValues | 'form', string>>;

function errorsFromIssues(issues: { path: PropertyKey[] | string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = (
      Array.isArray(issue.path) ? String(issue.path[0] ?? 'form') : issue.path.split('.')[0]
    ) as keyof Errors;
    const field = key === ('options' as keyof Errors) ? 'variants' : key;
    errors[field in EMPTY_PRODUCT ? field : 'form'] ??= issue.message;
  }
  return errors;
}

function Field({
  label,
  error,
  children,
  htmlFor,
  className = '',
}: {
  label: string;
  error?: string;
  children: ReactNode;
  htmlFor: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-stone-700">
        {label}
      </label>
      {children}
      {error ? (
        <p className="mt-1 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The admin's product form. Creating takes several pictures; updating adds one at a time (the ones it
 * has are managed in the table). Checked with the same schema as the server before it is sent; the server's
 * field messages show beside the fields too.
 */
export function ProductForm({
  mode,
  initial,
  categories,
  submitting,
  submitLabel,
  onSubmit,
  onCancel,
  existingImages = [],
}: {
  mode: 'create' | 'edit';
  initial: ProductFormValues;
  categories: Category[];
  submitting: boolean;
  submitLabel: string;
  /** Resolves when saved (the form then resets) and rejects with the server's error otherwise. */
  onSubmit: (body: ProductCreateInput) => Promise<unknown>;
  onCancel?: () => void;
  existingImages?: string[];
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const files = useRef<HTMLInputElement>(null);
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const room = IMAGE_LIMITS.perProduct - existingImages.length;

  async function pickImages(list: FileList | null) {
    if (!list || list.length === 0) return;
    const chosen = [...list];
    const tooBig = chosen.find((f) => f.size > IMAGE_LIMITS.maxBytes);
    if (tooBig) {
      setErrors((e) => ({ ...e, images: `${tooBig.name} is larger than 5 MB` }));
      return;
    }
    const wrong = chosen.find((f) => !(IMAGE_LIMITS.types as readonly string[]).includes(f.type));
    if (wrong) {
      setErrors((e) => ({ ...e, images: `${wrong.name} is not a JPEG, PNG or WebP picture` }));
      return;
    }
    const urls = await Promise.all(chosen.map(readAsDataUrl));
    const images = mode === 'edit' ? urls.slice(0, 1) : [...values.images, ...urls];
    setErrors((e) => ({
      ...e,
      images:
        images.length > room ? `A product can have at most ${IMAGE_LIMITS.perProduct} images` : undefined,
    }));
    set('images', images.slice(0, Math.max(room, 0)));
    if (files.current) files.current.value = '';
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = bodyOf(values, mode === 'edit' ? initial.stock : undefined, existingImages);
    const parsed = (mode === 'create' ? productCreateSchema : productUpdateSchema).safeParse(body);
    if (!parsed.success) {
      setErrors(errorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await onSubmit(body);
      setValues(mode === 'create' ? EMPTY_PRODUCT : { ...values, images: [] });
    } catch (err) {
      if (err instanceof ApiRequestError) {
        setErrors(err.details?.length ? errorsFromIssues(err.details) : { form: err.message });
      }
    }
  }

  // Said while typing, not only when saving: an active product may not name a banned substance.
  const banned = values.status === 'active' ? findBannedIngredient(values.ingredients) : null;
  const expired = isExpired(values.expiresOn);

  const withVariants = values.options.some((o) => o.name.trim() !== '');
  const pictures: [string, string][] = [
    ...existingImages.map((url, i): [string, string] => [url, `Picture ${i + 1}`]),
    ...values.images.map((_, i): [string, string] => [`#${i}`, `New picture ${i + 1}`]),
  ];

  const input = (
    key:
      | 'name'
      | 'price'
      | 'description'
      | 'usage'
      | 'tags'
      | 'stock'
      | 'compareAtPrice'
      | 'brand'
      | 'registration'
      | 'ingredients',
  ) => ({
    id: `${id}-${key}`,
    value: values[key],
    'aria-invalid': errors[key] ? true : undefined,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      aria-label={`${submitLabel} form`}
    >
      <Field label="Name" htmlFor={`${id}-name`} error={errors.name} className="sm:col-span-2">
        <input className="input" required autoComplete="off" {...input('name')} />
      </Field>
      <Field label="Price (Ksh)" htmlFor={`${id}-price`} error={errors.price}>
        <input className="input" inputMode="numeric" required {...input('price')} />
      </Field>
      <Field
        label="Earlier price (Ksh, shown crossed out)"
        htmlFor={`${id}-compareAtPrice`}
        error={errors.compareAtPrice}
      >
        <input
          className="input"
          inputMode="numeric"
          autoComplete="off"
          placeholder="None"
          {...input('compareAtPrice')}
        />
      </Field>
      {withVariants ? (
        <p className="self-end pb-2 text-sm text-stone-600">Stock is kept per variant, below.</p>
      ) : (
        <Field label="Stock (empty = not tracked)" htmlFor={`${id}-stock`} error={errors.stock}>
          <input
            className="input"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Not tracked"
            {...input('stock')}
          />
        </Field>
      )}
      <Field label="Category" htmlFor={`${id}-category`} error={errors.category}>
        <select
          id={`${id}-category`}
          className="input"
          value={values.category}
          onChange={(e) => set('category', e.target.value)}
        >
          <option value="">No category</option>
          {categories.map((c) => (
            <option key={c._id} value={c._id}>
              {c.category}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Description"
        htmlFor={`${id}-description`}
        error={errors.description}
        className="sm:col-span-2"
      >
        <textarea className="input min-h-24" {...input('description')} />
      </Field>
      <Field label="Usage" htmlFor={`${id}-usage`} error={errors.usage} className="sm:col-span-2">
        <textarea className="input min-h-20" {...input('usage')} />
      </Field>
      <Field label="Brand" htmlFor={`${id}-brand`} error={errors.brand}>
        <input className="input" autoComplete="off" placeholder="As on the pack" {...input('brand')} />
      </Field>
      <Field label="Best before (month)" htmlFor={`${id}-expiresOn`} error={errors.expiresOn}>
        <input
          id={`${id}-expiresOn`}
          type="month"
          className="input"
          value={values.expiresOn}
          aria-invalid={errors.expiresOn ? true : undefined}
          aria-describedby={expired ? `${id}-expired` : undefined}
          onChange={(e) => set('expiresOn', e.target.value)}
        />
        {expired && !errors.expiresOn ? (
          <p id={`${id}-expired`} className="mt-1 text-sm font-medium text-red-700">
            Expired: this product cannot be sold until the stock and this month are renewed.
          </p>
        ) : null}
      </Field>
      <Field
        label="KEBS permit or Pharmacy and Poisons Board number"
        htmlFor={`${id}-registration`}
        error={errors.registration}
        className="sm:col-span-2"
      >
        <input className="input" autoComplete="off" placeholder="KEBS SM#123456" {...input('registration')} />
      </Field>
      <Field
        label="Ingredients (as printed on the pack)"
        htmlFor={`${id}-ingredients`}
        error={errors.ingredients ?? (banned ? bannedIngredientMessage(banned) : undefined)}
        className="sm:col-span-2"
      >
        <textarea className="input min-h-20" {...input('ingredients')} />
      </Field>
      <Field
        label="Tags (comma-separated)"
        htmlFor={`${id}-tags`}
        error={errors.tags}
        className="sm:col-span-2"
      >
        <input className="input" placeholder="serum, niacinamide, oily skin" {...input('tags')} />
      </Field>
      <Field label="Status" htmlFor={`${id}-status`} error={errors.status}>
        <select
          id={`${id}-status`}
          className="input"
          value={values.status}
          onChange={(e) => set('status', e.target.value as 'active' | 'inactive')}
        >
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </Field>
      <fieldset className="flex flex-wrap items-end gap-5 pb-2">
        <legend className="sr-only">Flags</legend>
        <label className="flex items-center gap-2 text-sm font-medium text-stone-700">
          <input
            type="checkbox"
            className="h-5 w-5 accent-brand-700"
            checked={values.isFeatured}
            onChange={(e) => set('isFeatured', e.target.checked)}
          />
          Featured
        </label>
        <label className="flex items-center gap-2 text-sm font-medium text-stone-700">
          <input
            type="checkbox"
            className="h-5 w-5 accent-brand-700"
            checked={values.isProductNew}
            onChange={(e) => set('isProductNew', e.target.checked)}
          />
          New
        </label>
      </fieldset>
      <Field
        label={mode === 'create' ? 'Images' : 'Add an image'}
        htmlFor={`${id}-images`}
        error={errors.images}
        className="sm:col-span-2"
      >
        {existingImages.length > 0 ? (
          <ul className="mb-2 flex flex-wrap gap-2" aria-label="Current images">
            {existingImages.map((url) => (
              <li key={url}>
                <ProductImage
                  url={url}
                  alt=""
                  sizes="64px"
                  className="h-16 w-16 rounded-lg ring-1 ring-stone-200"
                />
              </li>
            ))}
          </ul>
        ) : null}
        <input
          ref={files}
          id={`${id}-images`}
          type="file"
          accept={IMAGE_LIMITS.types.join(',')}
          multiple={mode === 'create'}
          disabled={room <= 0}
          onChange={(e) => void pickImages(e.target.files)}
          className="block w-full text-sm text-stone-600 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
        />
        <p className="mt-1 text-xs text-stone-600">
          JPEG, PNG or WebP, up to 5 MB each; at most {IMAGE_LIMITS.perProduct} per product
          {room <= 0 ? ' (this product has that many already)' : ''}.
        </p>
        {values.images.length > 0 ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="New images">
            {values.images.map((url, i) => (
              <li key={`${i}-${url.length}`} className="relative">
                <img
                  src={url}
                  alt={`New image ${i + 1}`}
                  className="h-20 w-20 rounded-lg object-cover ring-1 ring-stone-200"
                />
                <button
                  type="button"
                  aria-label={`Remove new image ${i + 1}`}
                  onClick={() =>
                    set(
                      'images',
                      values.images.filter((_, j) => j !== i),
                    )
                  }
                  className="absolute -right-2 -top-2 flex h-6 w-6 items-center justify-center rounded-full bg-stone-800 text-xs text-white shadow"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </Field>
      <VariantsEditor
        options={values.options}
        variants={values.variants}
        onChange={(next) => setValues((v) => ({ ...v, ...next, variantsChanged: true }))}
        productName={values.name}
        price={values.price}
        pictures={pictures}
        error={errors.variants}
      />
      {errors.form ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-2 text-sm text-red-700 sm:col-span-2">
          {errors.form}
        </p>
      ) : null}
      <FormActions
        submitting={submitting}
        label={submitLabel}
        onCancel={onCancel}
        className="sm:col-span-2"
      />
    </form>
  );
}
