/**
 * An uploaded image as the server hands it out: site-relative (`/uploads/original/<name>.webp`) when the app
 * serves its files, absolute when they come straight from a bucket or a CDN. The shape alone proves nothing
 * about the host; the server accepts only URLs of its own storage.
 */
export const UPLOADED_IMAGE_URL =
  /^(?:\/uploads|https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[\w.~-]+)*)\/original\/[a-f0-9]{32}\.webp$/;

/** The thumbnail stored beside an uploaded original, under the same name. */
export function thumbnailOf(imageUrl: string): string;
export function thumbnailOf(imageUrl: string | null | undefined): string | null;
export function thumbnailOf(imageUrl: string | null | undefined): string | null {
  return imageUrl ? imageUrl.replace(/\/original\/([a-f0-9]{32}\.webp)$/, '/thumb/$1') : null;
}
