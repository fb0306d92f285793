// @vitest-environment jsdom
import { msg } from '@ray/shared/messages.ar';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST_IMAGE } from '../utils/image-file';
import { useImageSelection } from './use-image-selection';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];
const createObjectURL = vi.fn<(file: Blob) => string>();

/**
 * The browser's decoder, which the test stands in for (the page has none here): it reads the file's first bytes
 * and draws only what starts as a PNG, as a real decoder refuses text whatever the file is called.
 */
beforeEach(() => {
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (file: Blob) => {
      const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
      if (PNG_SIGNATURE.some((byte, i) => head[i] !== byte))
        throw new DOMException('bad image', 'InvalidStateError');
      return { close: vi.fn() };
    }),
  );
  // The page here has no object URLs either.
  let next = 0;
  createObjectURL.mockImplementation(() => `blob:preview-${++next}`);
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  createObjectURL.mockReset();
});

const png = () =>
  new File([new Uint8Array([...PNG_SIGNATURE, 0x0d, 0x0a])], 'photo.png', { type: 'image/png' });
const renamedText = () => new File(['ملاحظات ليست صورة'], 'notes.png', { type: 'image/png' });

describe('the image picked for a post', () => {
  it('refuses a text file renamed .png with the message and never makes a preview of it', async () => {
    const { result } = renderHook(() => useImageSelection(POST_IMAGE));
    act(() => {
      result.current.choose(renamedText());
    });
    expect(result.current.checking).toBe(true);
    await waitFor(() => {
      expect(result.current.error).toBe(msg.imageUnreadable);
    });
    expect(result.current.checking).toBe(false);
    expect(result.current.selection).toBeNull();
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('previews a picture once it decodes', async () => {
    const { result } = renderHook(() => useImageSelection(POST_IMAGE));
    const file = png();
    act(() => {
      result.current.choose(file);
    });
    await waitFor(() => {
      expect(result.current.selection).toEqual({ file, previewUrl: 'blob:preview-1' });
    });
    expect(result.current.error).toBeNull();
    expect(result.current.checking).toBe(false);
  });

  it('keeps only the latest pick when an earlier one is still being read', async () => {
    const { result } = renderHook(() => useImageSelection(POST_IMAGE));
    const second = png();
    act(() => {
      result.current.choose(renamedText());
      result.current.choose(second);
    });
    await waitFor(() => {
      expect(result.current.selection?.file).toBe(second);
    });
    expect(result.current.error).toBeNull();
  });

  it('forgets a pick still being read when the image is removed', async () => {
    const { result } = renderHook(() => useImageSelection(POST_IMAGE));
    act(() => {
      result.current.choose(png());
      result.current.remove();
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current.selection).toBeNull();
    expect(result.current.checking).toBe(false);
  });
});
