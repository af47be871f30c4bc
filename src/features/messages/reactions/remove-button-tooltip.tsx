import Tooltip from '@mui/material/Tooltip';
import { useCallback, useEffect, useState } from 'react';

const removeButton = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>('.reaction-remove') : null;
const inView = (element: HTMLElement, list: HTMLElement) => {
  const inner = element.getBoundingClientRect();
  const outer = list.getBoundingClientRect();
  return element.isConnected && inner.top >= outer.top && inner.bottom <= outer.bottom;
};

/**
 * One tooltip for every row's remove button, on the button under the pointer or with keyboard focus
 * (a Tooltip in each row costs more to mount than the row). Escape closes it; it goes when its row
 * scrolls out of view.
 */
export function RemoveButtonTooltip({ list }: { list: HTMLElement | null }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hide = useCallback(() => setAnchor(null), []);
  useEffect(() => {
    if (!list) return;
    const onOver = (event: MouseEvent) => setAnchor(removeButton(event.target));
    const onLeave = (event: MouseEvent) => {
      const to = event.relatedTarget;
      if (!(to instanceof Element && to.closest('[role="tooltip"]'))) setAnchor(null);
    };
    const onFocus = (event: FocusEvent) => {
      const button = removeButton(event.target);
      if (button?.matches(':focus-visible')) setAnchor(button);
    };
    const onScroll = () => setAnchor((shown) => (shown && inView(shown, list) ? shown : null));
    list.addEventListener('mouseover', onOver);
    list.addEventListener('mouseleave', onLeave);
    list.addEventListener('focusin', onFocus);
    list.addEventListener('focusout', hide);
    list.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      list.removeEventListener('mouseover', onOver);
      list.removeEventListener('mouseleave', onLeave);
      list.removeEventListener('focusin', onFocus);
      list.removeEventListener('focusout', hide);
      list.removeEventListener('scroll', onScroll);
    };
  }, [list, hide]);
  return (
    <Tooltip
      open={anchor !== null}
      title={anchor?.getAttribute('aria-label') ?? ''}
      onClose={hide}
      describeChild
      disableHoverListener
      disableFocusListener
      disableTouchListener
      slotProps={{ popper: { anchorEl: anchor, onMouseLeave: hide } }}
    >
      <span hidden />
    </Tooltip>
  );
}
