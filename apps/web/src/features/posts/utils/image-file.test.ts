import { msg } from '@ray/shared/messages.ar';
import { describe, expect, it, vi } from 'vitest';
import { checkImageFile, POST_IMAGE, QUICK_POST_IMAGE } from './image-file';

const fileOf = (type: string, size: number, name = 'photo.png') =>
  new File([new Uint8Array(size)], name, { type });

describe('checking a picked image', () => {
  it('accepts a picture of the right type and size that decodes', async () => {
    const decodes = vi.fn(() => Promise.resolve(true));
    await expect(checkImageFile(fileOf('image/png', 1024), POST_IMAGE, decodes)).resolves.toBeNull();
    expect(decodes).toHaveBeenCalledTimes(1);
  });

  it('refuses a file that does not decode, such as text renamed .png, with the invalid-image message', async () => {
    const text = new File(['ليست صورة'], 'notes.png', { type: 'image/png' });
    await expect(checkImageFile(text, POST_IMAGE, () => Promise.resolve(false))).resolves.toBe(
      msg.imageUnreadable,
    );
  });

  it('says the type is wrong before reading the file', async () => {
    const decodes = vi.fn(() => Promise.resolve(true));
    await expect(checkImageFile(fileOf('application/pdf', 10, 'cv.pdf'), POST_IMAGE, decodes)).resolves.toBe(
      msg.imageTypeInvalid,
    );
    await expect(checkImageFile(fileOf('image/svg+xml', 10, 'logo.svg'), POST_IMAGE, decodes)).resolves.toBe(
      msg.imageTypeInvalid,
    );
    expect(decodes).not.toHaveBeenCalled();
  });

  it("says the size is too large, with each form's own limit, before reading the file", async () => {
    const decodes = vi.fn(() => Promise.resolve(false));
    await expect(
      checkImageFile(fileOf('image/jpeg', QUICK_POST_IMAGE.maxBytes + 1), QUICK_POST_IMAGE, decodes),
    ).resolves.toBe(msg.quickImageTooLarge);
    await expect(
      checkImageFile(fileOf('image/jpeg', POST_IMAGE.maxBytes + 1), POST_IMAGE, decodes),
    ).resolves.toBe(msg.imageTooLarge);
    expect(decodes).not.toHaveBeenCalled();
  });
});
