import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * False in the first render, true from the next one, which React makes after the first commit, in a
 * task of its own. For a part of a page that would otherwise update state while the page is
 * committed (MUI's Autocomplete keeps its anchor in state set from a ref callback): React then
 * re-renders at once and runs every effect of the page in the commit's task (decision 0064).
 */
export function useAfterFirstCommit(): boolean {
  const [after, setAfter] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render is the point
  useEffect(() => setAfter(true), []);
  return after;
}

/**
 * Focus carried from a stand-in field to the control that replaces it once `ready`: a keyboard user
 * who tabbed into the stand-in in the moment before goes on typing in the control. Spread
 * `standIn` on the stand-in field and give `inputRef` to the control's input.
 */
export function useFocusCarriedOver(ready: boolean): {
  standIn: { onFocus: () => void; onBlur: () => void };
  inputRef: RefObject<HTMLInputElement | null>;
} {
  const focused = useRef(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  useLayoutEffect(() => {
    if (ready && focused.current) inputRef.current?.focus();
  }, [ready]);
  const standIn = {
    onFocus: () => {
      focused.current = true;
    },
    // The blur Chrome fires as the focused stand-in is taken out comes while React commits, when
    // React hands no event to its handlers: `focused` still holds in the layout effect.
    onBlur: () => {
      focused.current = false;
    },
  };
  return { standIn, inputRef };
}
