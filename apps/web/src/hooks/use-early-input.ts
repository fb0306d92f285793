import { useEffect, useEffectEvent, useRef } from 'react';

/**
 * A field of a server-rendered page can be typed in (or a choice made) before the app takes the page over: React
 * then keeps the value it rendered while the field shows what the person entered. Once the field is taken over,
 * what it shows is handed to `onChange`, so nothing entered in that moment is lost.
 */
export function useEarlyInput<Field extends HTMLInputElement | HTMLSelectElement>(
  value: string,
  onChange: (value: string) => void,
) {
  const ref = useRef<Field>(null);
  const adopt = useEffectEvent(() => {
    const shown = ref.current?.value;
    if (shown !== undefined && shown !== value) onChange(shown);
  });
  useEffect(() => {
    adopt();
  }, []);
  return ref;
}
