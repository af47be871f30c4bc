import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { tabKeyTarget, ViewTabs } from './view-tabs';

const views = ['one', 'two', 'three'] as const;
type View = (typeof views)[number];

function Views() {
  const [view, setView] = useState<View>('one');
  return (
    <>
      <ViewTabs
        label="Views"
        tabs={views.map((value) => ({
          value,
          label: value,
          id: `t-${value}`,
          panelId: `p-${value}`,
        }))}
        value={view}
        onChange={setView}
      />
      <div role="tabpanel" id={`p-${view}`} aria-labelledby={`t-${view}`}>
        {view} shown
      </div>
    </>
  );
}

describe('ViewTabs', () => {
  it('is one stop in the Tab order; the arrows, Home and End move along it; Enter shows a view', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Views />
        <button type="button">after</button>
      </>,
    );
    expect(screen.getByRole('tablist', { name: 'Views' })).toBeInTheDocument();
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(tab('one')).toHaveAttribute('aria-selected', 'true');
    expect(tab('two')).toHaveAttribute('aria-selected', 'false');
    expect(tab('one')).toHaveAttribute('aria-controls', 'p-one');
    expect(screen.getByRole('tabpanel', { name: 'one' })).toHaveTextContent('one shown');

    await user.tab();
    expect(tab('one')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('two')).toHaveFocus();
    // Focus moves, the view stays until the tab is chosen.
    expect(tab('one')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(tab('two')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'two' })).toHaveTextContent('two shown');
    await user.keyboard('{End}');
    expect(tab('three')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('one')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Home}');
    expect(tab('one')).toHaveFocus();
    await user.keyboard(' ');
    expect(tab('one')).toHaveAttribute('aria-selected', 'true');
    // Only the chosen tab is in the Tab order.
    await user.tab();
    expect(screen.getByRole('button', { name: 'after' })).toHaveFocus();
  });

  it('moves with the arrows around the ends, and leaves other keys alone', () => {
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
    expect(tabKeyTarget('End', 0, 3)).toBe(2);
    expect(tabKeyTarget('Home', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowDown', 1, 3)).toBeUndefined();
  });
});
