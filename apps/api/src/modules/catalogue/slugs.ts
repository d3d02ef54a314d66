/**
 * Readable URL slugs ("Rose Water Toner" -> "rose-water-toner"). Accents are folded, anything but letters and
 * digits becomes one hyphen; a name with nothing readable in it becomes "product".
 */
export function slugify(name: string, fallback = 'product'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/**
 * The first free slug among base, base-2, base-3... given the slugs already taken that start with base.
 */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}
