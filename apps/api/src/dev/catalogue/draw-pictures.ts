import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '@urembo/contract/images';
import { encodeVariants, imageFileName } from '../../modules/catalogue';

/*
 * A child process of the demo seeder: draws the demo pictures (SVG → every WebP width) into a folder and exits.
 * Drawing 100 pictures makes libvips hold a few hundred MB that the allocator does not give back; in a child, the
 * server itself never holds it (at most 200 MB for one process, first start included).
 */
export interface DrawRequest {
  dir: string;
  pictures: { svg: string; hash: string }[];
}

sharp.cache(false);
sharp.concurrency(1);

async function draw({ dir, pictures }: DrawRequest): Promise<void> {
  for (const { svg, hash } of pictures) {
    const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
    const variants = await encodeVariants(
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }),
      1,
    );
    for (const [i, width] of IMAGE_WIDTHS.entries()) {
      const target = path.join(dir, imageFileName(hash, width));
      await writeFile(`${target}.tmp`, variants[i]!);
      await rename(`${target}.tmp`, target);
    }
  }
}

process.once('message', (request: DrawRequest) => {
  draw(request).then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
