import { useEffect, useState } from 'react';

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
