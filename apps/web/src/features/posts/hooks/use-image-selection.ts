import { useCallback, useEffect, useRef, useState } from 'react';
import { imageFileProblem, type ImageLimit } from '../utils/image-file';

export interface ImageSelection {
  file: File;
  /** Object URL for the preview; revoked when replaced, removed or unmounted. */
  previewUrl: string;
}

function revoke(url: { current: string | null }) {
  if (url.current) URL.revokeObjectURL(url.current);
  url.current = null;
}

/** The image chosen in a post form, checked against the form's limit, with a preview URL. */
export function useImageSelection(limit: ImageLimit) {
  const [selection, setSelection] = useState<ImageSelection | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<string | null>(null);

  useEffect(
    () => () => {
      revoke(current);
    },
    [],
  );

  const choose = useCallback(
    (file: File) => {
      const problem = imageFileProblem(file, limit);
      setError(problem);
      if (problem) return false;
      revoke(current);
      const previewUrl = URL.createObjectURL(file);
      current.current = previewUrl;
      setSelection({ file, previewUrl });
      return true;
    },
    [limit],
  );

  const remove = useCallback(() => {
    revoke(current);
    setSelection(null);
    setError(null);
  }, []);

  return { selection, error, choose, remove };
}

export type ImageSelectionState = ReturnType<typeof useImageSelection>;
