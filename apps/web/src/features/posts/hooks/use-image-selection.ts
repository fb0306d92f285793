import { useCallback, useEffect, useRef, useState } from 'react';
import { checkImageFile, type ImageLimit } from '../utils/image-file';

export interface ImageSelection {
  file: File;
  /** Object URL for the preview; revoked when replaced, removed or unmounted. */
  previewUrl: string;
}

function revoke(url: { current: string | null }) {
  if (url.current) URL.revokeObjectURL(url.current);
  url.current = null;
}

/**
 * The image chosen in a post form, with a preview URL. A file becomes the selection only once it has the right
 * type and size and decodes as a picture, so a broken preview is never shown and never published; while it is
 * being read, `checking` holds the form back.
 */
export function useImageSelection(limit: ImageLimit) {
  const [selection, setSelection] = useState<ImageSelection | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const current = useRef<string | null>(null);
  // A newer pick (or removing the image) makes the answer of an older check irrelevant.
  const request = useRef(0);

  useEffect(
    () => () => {
      request.current += 1;
      revoke(current);
    },
    [],
  );

  const choose = useCallback(
    (file: File) => {
      const id = ++request.current;
      setChecking(true);
      void checkImageFile(file, limit).then((problem) => {
        if (id !== request.current) return;
        setChecking(false);
        setError(problem);
        if (problem) return;
        revoke(current);
        const previewUrl = URL.createObjectURL(file);
        current.current = previewUrl;
        setSelection({ file, previewUrl });
      });
    },
    [limit],
  );

  const remove = useCallback(() => {
    request.current += 1;
    revoke(current);
    setSelection(null);
    setError(null);
    setChecking(false);
  }, []);

  return { selection, error, checking, choose, remove };
}

export type ImageSelectionState = ReturnType<typeof useImageSelection>;
