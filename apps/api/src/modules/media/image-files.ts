import sharp from 'sharp';
import { IMAGE_NOT_AN_IMAGE, IMAGE_THUMBNAIL_SIZE, IMAGE_TOO_MANY_PIXELS, MAX_IMAGE_PIXELS, imageTooLargeMessage } from '@kontor/contract';
import { newStorageKey, type Storage } from '../../lib/storage.js';
import { sniffImage, type ImageType } from './images.js';

/** sharp's names for the formats sniffImage recognises: the decoder must agree with the first bytes. */
const SHARP_FORMAT: Record<ImageType['extension'], string> = { png: 'png', jpg: 'jpeg', webp: 'webp', gif: 'gif' };

/** An image file that decoded, with what the library records about it. */
export type InspectedImage = { type: ImageType; width: number; height: number; thumbnail: Buffer };

/** The original and its thumbnail, stored under their own random keys. */
export type StoredImageFile = { storageKey: string; thumbnailKey: string; contentType: string; size: number; width: number; height: number };

/**
 * Checks one file and makes its thumbnail. The first bytes must say PNG, JPEG, WebP or GIF
 * (a name or a Content-Type header is only the client's claim), and the whole file must
 * decode: making the thumbnail decodes it, and failOn 'error' turns a cut-off or corrupt
 * file with a valid header into a refusal instead of a half-grey thumbnail.
 */
export async function inspectImage(data: Buffer, maxBytes: number): Promise<{ image: InspectedImage } | { error: string }> {
  if (data.length > maxBytes) return { error: imageTooLargeMessage(maxBytes) };
  const type = sniffImage(data);
  if (!type) return { error: IMAGE_NOT_AN_IMAGE };
  try {
    // The pixel limit stops a small file that claims huge dimensions before it is decoded.
    const options = { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS } as const;
    const metadata = await sharp(data, options).metadata();
    if (metadata.format !== SHARP_FORMAT[type.extension]) return { error: IMAGE_NOT_AN_IMAGE };
    const thumbnail = await sharp(data, options)
      .autoOrient()
      .resize(IMAGE_THUMBNAIL_SIZE, IMAGE_THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    // Width and height as the image is shown: a portrait photo stored sideways with an EXIF
    // orientation is a portrait.
    const { width, height } = metadata.autoOrient;
    return { image: { type, width, height, thumbnail } };
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) return { error: IMAGE_TOO_MANY_PIXELS };
    return { error: IMAGE_NOT_AN_IMAGE };
  }
}

/** Writes the original and its thumbnail; on failure neither stays behind. */
export async function storeImageFile(storage: Storage, data: Buffer, image: InspectedImage): Promise<StoredImageFile> {
  const stored: StoredImageFile = {
    storageKey: newStorageKey(image.type.extension),
    thumbnailKey: newStorageKey('webp'),
    contentType: image.type.contentType,
    size: data.length,
    width: image.width,
    height: image.height,
  };
  try {
    await storage.put(stored.storageKey, data);
    await storage.put(stored.thumbnailKey, image.thumbnail);
  } catch (err) {
    await removeImageFiles(storage, [stored]);
    throw err;
  }
  return stored;
}

/** Removes originals and thumbnails (a missing file is not an error). */
export async function removeImageFiles(storage: Storage, files: readonly Pick<StoredImageFile, 'storageKey' | 'thumbnailKey'>[]): Promise<void> {
  await Promise.all(files.flatMap((f) => [storage.remove(f.storageKey), storage.remove(f.thumbnailKey)]));
}
