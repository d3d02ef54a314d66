import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { default as sharpFactory, Sharp } from 'sharp';
import { IMAGE_LIMITS, IMAGE_WIDTHS, type ImageWidth } from '@urembo/contract/images';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/sql-values';
import { badRequest } from '../../lib/http-error';

/** Where stored images are served (GET /api/v1/images/{hash}-{width}.webp). */
export const IMAGE_URL_PREFIX = '/api/v1/images/';
const LARGEST: ImageWidth = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
const FILE_NAME = /^([0-9a-f]{64})-(\d+)\.webp$/;
const URL_HASH = /\/images\/([0-9a-f]{64})-\d+\.webp$/;
/** A decompression bomb (a tiny file that decodes to gigapixels) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

type SharpFunction = typeof sharpFactory;
let sharpLoaded: Promise<SharpFunction> | null = null;

/**
 * sharp (libvips, 20 MB resident) is loaded at the first upload, not at start: a process that only serves the shop
 * never needs it, and memory is budgeted. Its own cache stays off: each picture is encoded once.
 */
function loadSharp(): Promise<SharpFunction> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

export interface PreparedImage {
  hash: string;
  bytes: Buffer;
  width: number;
  height: number;
}

/** The URL of the largest variant (what a product's `images` hold). */
export function imageUrl(hash: string, width: ImageWidth = LARGEST): string {
  return `${IMAGE_URL_PREFIX}${hash}-${width}.webp`;
}

/** The content hash inside a stored image URL (any width), or null. */
export function hashFromImageUrl(url: string): string | null {
  return URL_HASH.exec(url)?.[1] ?? null;
}

/** Parses `{hash}-{width}.webp`; null unless the width is one we make. */
export function parseImageFileName(name: string): { hash: string; width: ImageWidth } | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const width = Number(match[2]);
  return (IMAGE_WIDTHS as readonly number[]).includes(width)
    ? { hash: match[1]!, width: width as ImageWidth }
    : null;
}

type Format = 'jpeg' | 'png' | 'webp';

/** What the bytes ARE, whatever the data URL claims. */
export function sniffImageFormat(bytes: Buffer): Format | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

const DATA_URL = /^data:([a-z0-9.+/-]*)(?:;[a-z0-9=._-]+)*;base64,/i;

/**
 * Content-addressed image files: `<dir>/<sha256 of the original>-<width>.webp` for each of IMAGE_WIDTHS (WebP,
 * resized to that width, never enlarged). The same picture uploaded twice is stored once. Files are written to a
 * temporary name and renamed, so a reader never sees half a file.
 */
/**
 * Pictures: every width of each content-addressed picture is stored in the database (table image_blobs), so any API
 * process serves what another stored; `dir` (DATA_DIR/images) is this process's disk cache of them. A read checks
 * that the picture still exists (an index lookup, no bytes) before serving the cached file, so a picture deleted
 * through one process is gone from all of them.
 */
/** Every width of a picture as WebP, from any sharp pipeline (decoded once, cloned per width). */
export function encodeVariants(source: Sharp, effort = 3): Promise<Buffer[]> {
  return Promise.all(
    IMAGE_WIDTHS.map((width) =>
      source
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: width <= 320 ? 72 : 78, effort })
        .toBuffer(),
    ),
  );
}

/** The disk file of one width of a picture (DATA_DIR/images/<hash>-<width>.webp). */
export function imageFileName(hash: string, width: ImageWidth): string {
  return `${hash}-${width}.webp`;
}

export class ImageStore {
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    readonly dir: string,
    private readonly db: Kysely<Database>,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  filePath(hash: string, width: ImageWidth): string {
    return path.join(this.dir, imageFileName(hash, width));
  }

  /**
   * Decodes and checks one uploaded data URL (label names it in messages: "Image 2"): JPEG, PNG or WebP by
   * content, at most 5 MB, a picture sharp can read. Throws a 400 otherwise.
   */
  async prepareUpload(dataUrl: string, label: string): Promise<PreparedImage> {
    const header = DATA_URL.exec(dataUrl.slice(0, 200));
    if (!header) throw badRequest(`${label} must be a base64 data URL (data:image/jpeg;base64,...)`);
    const base64 = dataUrl.slice(header[0].length);
    // Refuse an oversized upload before decoding it (4 base64 characters carry 3 bytes).
    if (Math.floor((base64.length * 3) / 4) > IMAGE_LIMITS.maxBytes + 3) {
      throw badRequest(`${label} is larger than 5 MB`);
    }
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest(`${label} is not valid base64`);
    const bytes = Buffer.from(base64, 'base64');
    if (bytes.length === 0) throw badRequest(`${label} is empty`);
    if (bytes.length > IMAGE_LIMITS.maxBytes) throw badRequest(`${label} is larger than 5 MB`);
    const format = sniffImageFormat(bytes);
    if (!format) throw badRequest(`${label} is not a JPEG, PNG or WebP picture`);
    let width: number | undefined;
    let height: number | undefined;
    const sharp = await loadSharp();
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (meta.format !== format) throw new Error(`format ${meta.format} does not match ${format}`);
      width = meta.autoOrient?.width ?? meta.width;
      height = meta.autoOrient?.height ?? meta.height;
    } catch {
      throw badRequest(`${label} could not be read as a picture`);
    }
    if (!width || !height) throw badRequest(`${label} could not be read as a picture`);
    if (width * height > MAX_INPUT_PIXELS)
      throw badRequest(`${label} has too many pixels (at most 40 megapixels)`);
    const hash = createHash('sha256').update(bytes).digest('hex');
    return { hash, bytes, width, height };
  }

  /** Writes every width of an uploaded picture unless they exist already; a picture that fails to decode is a 400. */
  async store(image: PreparedImage, label: string): Promise<void> {
    await this.withLock(image.hash, async () => {
      if (await this.hasAll(image.hash)) return;
      let variants: Buffer[];
      const sharp = await loadSharp();
      try {
        variants = await encodeVariants(
          sharp(image.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate(),
        );
      } catch {
        throw badRequest(`${label} could not be read as a picture`);
      }
      await this.writeFiles(image.hash, variants);
    });
  }

  private async writeFiles(hash: string, variants: Buffer[]): Promise<void> {
    const createdAt = nowIso();
    await this.db
      .insertInto('image_blobs')
      .values(IMAGE_WIDTHS.map((width, i) => ({ hash, width, bytes: variants[i]!, created_at: createdAt })))
      .onConflict((oc) => oc.columns(['hash', 'width']).doNothing())
      .execute();
    await Promise.all(IMAGE_WIDTHS.map((width, i) => this.cacheFile(hash, width, variants[i]!)));
  }

  /** Keeps a copy on this process's disk (best effort: the database has the picture either way). */
  private async cacheFile(hash: string, width: ImageWidth, bytes: Buffer): Promise<void> {
    const target = this.filePath(hash, width);
    const temp = `${target}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, target);
    } catch {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }

  async hasAll(hash: string): Promise<boolean> {
    const rows = await this.db.selectFrom('image_blobs').select('width').where('hash', '=', hash).execute();
    return IMAGE_WIDTHS.every((w) => rows.some((r) => Number(r.width) === w));
  }

  async read(hash: string, width: ImageWidth): Promise<Buffer | null> {
    const exists = await this.db
      .selectFrom('image_blobs')
      .select('hash')
      .where('hash', '=', hash)
      .where('width', '=', width)
      .executeTakeFirst();
    if (!exists) {
      // Deleted (possibly through another process): never serve a stale disk copy.
      await rm(this.filePath(hash, width), { force: true });
      return null;
    }
    try {
      return await readFile(this.filePath(hash, width));
    } catch {
      const row = await this.db
        .selectFrom('image_blobs')
        .select('bytes')
        .where('hash', '=', hash)
        .where('width', '=', width)
        .executeTakeFirst();
      if (!row) return null;
      const bytes = Buffer.from(row.bytes);
      await this.cacheFile(hash, width, bytes);
      return bytes;
    }
  }

  /**
   * Deletes each picture that nothing refers to any more (no product, no order line), in one conditional statement
   * per picture, so a concurrent upload of the same picture through another process (which stores after its
   * product row commits) is never left without its bytes. Runs under the same per-hash lock as `store`.
   */
  async removeUnused(hashes: Iterable<string>): Promise<void> {
    for (const hash of new Set(hashes)) {
      await this.withLock(hash, async () => {
        const result = await this.db
          .deleteFrom('image_blobs')
          .where('hash', '=', hash)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('product_images').select('id').where('hash', '=', hash))),
          )
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('order_items').select('id').where('image', 'like', `%/images/${hash}-%`))),
          )
          .executeTakeFirst();
        if (Number(result.numDeletedRows) > 0 || !(await this.hasAll(hash)))
          await Promise.all(IMAGE_WIDTHS.map((w) => rm(this.filePath(hash, w), { force: true })));
      });
    }
  }

  /**
   * At start-up: copies pictures from DATA_DIR/images (where the first round kept them) into the database, once per
   * database (a marker in app_meta), since afterwards that folder only ever holds copies of the database's pictures.
   * The files stay as the disk cache. Answers how many pictures were copied.
   */
  async importDiskImagesOnce(): Promise<number> {
    const key = 'images:disk-imported';
    if (await this.db.selectFrom('app_meta').select('key').where('key', '=', key).executeTakeFirst())
      return 0;
    const copied = await this.importDiskImages();
    await this.db
      .insertInto('app_meta')
      .values({ key, value: String(copied), updated_at: nowIso() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    return copied;
  }

  async importDiskImages(): Promise<number> {
    const byHash = new Map<string, Map<ImageWidth, string>>();
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const parsed = parseImageFileName(name);
      if (!parsed) continue;
      const widths = byHash.get(parsed.hash) ?? new Map<ImageWidth, string>();
      widths.set(parsed.width, name);
      byHash.set(parsed.hash, widths);
    }
    let copied = 0;
    for (const [hash, widths] of byHash) {
      if (widths.size !== IMAGE_WIDTHS.length || (await this.hasAll(hash))) continue;
      const createdAt = nowIso();
      const rows = await Promise.all(
        IMAGE_WIDTHS.map(async (width) => ({
          hash,
          width,
          bytes: await readFile(path.join(this.dir, widths.get(width)!)),
          created_at: createdAt,
        })),
      );
      await this.db
        .insertInto('image_blobs')
        .values(rows)
        .onConflict((oc) => oc.columns(['hash', 'width']).doNothing())
        .execute();
      copied += 1;
    }
    return copied;
  }

  /** Runs file work for one hash after any earlier work on it (one process; enough for one server's disk). */
  private async withLock<T>(hash: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(hash) ?? Promise.resolve();
    const run = previous.then(work, work);
    const settled = run.catch(() => undefined);
    this.locks.set(hash, settled);
    try {
      return await run;
    } finally {
      if (this.locks.get(hash) === settled) this.locks.delete(hash);
    }
  }
}

/** Pictures live in the database; DATA_DIR/images is this process's disk cache of them. */
export function imageStoreFor({
  config,
  db,
}: {
  config: Pick<Config, 'dataDir'>;
  db: Kysely<Database>;
}): ImageStore {
  return new ImageStore(path.join(config.dataDir, 'images'), db);
}
