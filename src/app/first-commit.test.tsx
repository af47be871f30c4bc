import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSelect } from '@/components/filter-select';
import { Hint } from '@/components/hint';
import { PagePagination } from '@/components/page-pagination';
import { UserPicker } from '@/components/user-picker';
import { ChartSlot } from '@/features/insights/chart-slot';
import { GroupPicker } from '@/features/messages/conversation/group-picker';
import { QueueFilterBar } from '@/features/moderation-queue/queue/queue-filters';
import { QueueToolbar } from '@/features/moderation-queue/queue/queue-toolbar';
import { emptyFilters } from '@/features/moderation-queue/queue/filters';

/**
 * A state update made while a page is committed (MUI's menu select and tooltip set one from a ref
 * callback) re-renders the page at once, and React first runs every passive effect of the page in
 * that same task: its queries subscribing and fetching. The queue and the users directory started
 * in one long task because of it. React's profiler calls such a render a "nested-update".
 */
function commitsOf(element: ReactNode): string[] {
  const phases: string[] = [];
  render(
    <Profiler id="part" onRender={(_id, phase) => phases.push(phase)}>
      {element}
    </Profiler>,
  );
  return phases;
}

const ignore = () => {};

afterEach(() => vi.restoreAllMocks());

describe('The parts a list page starts with commit once', () => {
  it('a filter select', () => {
    const options = [
      { value: '', label: 'Any' },
      { value: 'a', label: 'A' },
    ];
    expect(
      commitsOf(<FilterSelect label="Kind" value="a" options={options} onChange={ignore} />),
    ).toEqual(['mount']);
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveDisplayValue('A');
  });

  it('the pager, with its page size and page buttons', () => {
    expect(
      commitsOf(
        <PagePagination
          total={120}
          page={2}
          perPage={25}
          pageSizes={[25, 50]}
          perPageLabel="Users per page"
          onPageChange={ignore}
          onPerPageChange={ignore}
        />,
      ),
    ).toEqual(['mount']);
    expect(screen.getByRole('combobox', { name: 'Users per page' })).toHaveDisplayValue('25');
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Go to previous page' })).toBeEnabled();
  });

  it('a hint with nothing to say, and one with a reason', () => {
    expect(
      commitsOf(
        <Hint title="">
          <span>allowed</span>
        </Hint>,
      ),
    ).toEqual(['mount']);
    commitsOf(
      <Hint title="Only admins can do this.">
        <span>denied</span>
      </Hint>,
    );
    expect(screen.getByText('denied')).toHaveAccessibleName('Only admins can do this.');
  });

  it('a chart slot, which learns its width after the commit', () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(640);
    const phases = commitsOf(
      <ChartSlot height={100}>{(width) => <p>chart {width} wide</p>}</ChartSlot>,
    );
    expect(phases).not.toContain('nested-update');
    expect(screen.getByText('chart 640 wide')).toBeInTheDocument();
  });

  it('a user picker and a group picker, which become pickers after the first commit', () => {
    const phases = commitsOf(
      <QueryClientProvider client={new QueryClient()}>
        <UserPicker label="Other user" value={null} onChange={ignore} size="small" />
        <GroupPicker value={null} onChange={ignore} />
      </QueryClientProvider>,
    );
    expect(phases[0]).toBe('mount');
    expect(phases[1]).not.toBe('nested-update');
    expect(screen.getByRole('combobox', { name: 'Other user' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Group' })).toBeEnabled();
  });

  it("the queue's toolbar and filter bar, with the actions enabled", () => {
    expect(
      commitsOf(
        <>
          <QueueToolbar
            targetLabel="1 item"
            selectedCount={0}
            loadedCount={3}
            canAct
            deniedReason={{}}
            panelOpen={false}
            onAction={ignore}
            onSelectAll={ignore}
            onClearSelection={ignore}
            onTogglePanel={ignore}
            onShowShortcuts={ignore}
          />
          <QueueFilterBar
            filters={emptyFilters}
            knownRules={[{ id: 'r1', name: 'Rule one' }]}
            loadedCount={3}
            onApply={ignore}
          />
        </>,
      ),
    ).toEqual(['mount']);
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(approve).toHaveAttribute('aria-keyshortcuts', 'a');
    expect(approve).toHaveAttribute('title', 'Shortcut: a');
    expect(screen.getByRole('combobox', { name: 'Rule' })).toHaveDisplayValue('Any rule');
  });
});
