import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { SxProps, Theme } from '@mui/material/styles';
import { useRef, type KeyboardEvent } from 'react';

export interface ViewTab<V extends string> {
  value: V;
  label: string;
  /** The tab's element id; its panel is labelled by it. */
  id: string;
  /** The id of the panel the tab shows. */
  panelId: string;
}

/** The key that moves focus from tab `at` of `count`, to the tab it lands on; undefined for others. */
export function tabKeyTarget(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/**
 * A page's views as a row of tabs, as MUI's `Tabs` draws them (the current one underlined in the
 * primary colour), with the WAI-ARIA tabs pattern: one tab in the Tab order, the arrow keys, Home
 * and End move between them, Enter or Space (or a click) shows one. MUI's `Tabs` measures its tabs
 * and registers each one with a state update as the page mounts, which made every page with tabs
 * start in one long task (decision 0062); these are plain buttons.
 */
export function ViewTabs<V extends string>({
  label,
  tabs,
  value,
  onChange,
  sx,
}: {
  label: string;
  tabs: readonly ViewTab<V>[];
  value: V;
  onChange: (value: V) => void;
  sx?: SxProps<Theme>;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])];
    const at = buttons.findIndex((button) => button === event.target);
    const to = at < 0 ? undefined : tabKeyTarget(event.key, at, buttons.length);
    if (to === undefined) return;
    event.preventDefault();
    buttons[to]?.focus();
  };
  return (
    <Box ref={list} role="tablist" aria-label={label} onKeyDown={onKeyDown} sx={sx}>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <ButtonBase
            key={tab.value}
            focusRipple
            role="tab"
            id={tab.id}
            aria-controls={tab.panelId}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(tab.value);
            }}
            sx={{
              typography: 'button',
              minWidth: 90,
              maxWidth: 360,
              minHeight: 48,
              padding: '12px 16px',
              color: selected ? 'primary.main' : 'text.secondary',
              // MUI's indicator: 2 px in the primary colour along the bottom of the current tab.
              borderBottom: '2px solid',
              borderColor: selected ? 'primary.main' : 'transparent',
            }}
          >
            {tab.label}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
