import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { blockedMessageListResponseSchema } from '@/api/schemas/blocked-message';
import { renderRoute } from '@/testing/render';
import { installTestBackend } from '@/testing/test-backend';

const cellsOf = (row: HTMLElement) =>
  [...within(row).queryAllByRole('rowheader'), ...within(row).queryAllByRole('cell')].map(
    (cell) => cell.textContent,
  );

describe('Moderation insights', () => {
  it("shows a moderator's decisions in the charts' tables and each rule's approval rate", async () => {
    const backend = installTestBackend({ role: 'moderator' });
    // Two decisions made through the console in another browser: audited in the shared store.
    const colleague = backend.otherBrowser();
    await colleague.signIn('test-moderator');
    const listed = blockedMessageListResponseSchema.parse(
      await (await colleague.call('GET', '/api/moderation/blocked-messages')).json(),
    );
    const [approved, rejected] = listed.data;
    if (!approved || !rejected) throw new Error('the demo queue has items');
    for (const [item, status] of [
      [approved, 'approved'],
      [rejected, 'rejected'],
    ] as const) {
      const res = await colleague.call(
        'PATCH',
        `/api/moderation/blocked-messages/${item.message.id}`,
        { body: { status } },
      );
      expect(res.status).toBe(200);
    }

    const { user } = renderRoute('/moderation/insights');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Moderation insights' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const key = await screen.findByRole('region', { name: 'Key figures' });
    expect(key).toHaveTextContent('Decisions, last 7 days2');
    expect(key).toHaveTextContent(`Waiting now${listed.data.length - 2}`);

    const decisions = screen.getByRole('region', { name: 'Decisions' });
    // jsdom lays nothing out, so the chart itself is drawn only in a browser (e2e/insights.spec.ts).
    expect(within(decisions).getByRole('figure')).toBeInTheDocument();
    await user.click(within(decisions).getByRole('button', { name: 'Show as table' }));
    const perDay = within(decisions).getByRole('table', {
      name: 'Decisions per day, last 7 days',
    });
    const decidedRows = within(perDay)
      .getAllByRole('row')
      .slice(1)
      .map(cellsOf)
      .filter((cells) => cells[1] !== '0' || cells[2] !== '0');
    expect(decidedRows.map((cells) => cells.slice(1, 4))).toEqual([['1', '1', '0']]);

    const moderators = screen.getByRole('region', { name: 'Decisions by moderator' });
    await user.click(within(moderators).getByRole('button', { name: 'Show as table' }));
    const byModerator = within(moderators).getByRole('table', {
      name: 'Decisions by moderator, last 7 days',
    });
    expect(within(byModerator).getAllByRole('row').slice(1).map(cellsOf)).toEqual([
      ['test-moderator', '1', '1', '0'],
    ]);

    expect(
      screen.getByText(
        'No samples yet: the console samples the queue while moderators have it open.',
      ),
    ).toBeInTheDocument();

    const rules = within(screen.getByRole('region', { name: 'Rules' })).getByRole('table', {
      name: 'Decisions per rule, last 7 days',
    });
    const ruleName = approved.ruleName ?? approved.ruleId;
    const link = within(rules).getByRole('link', { name: new RegExp(`^${ruleName}:`) });
    expect(link).toHaveAttribute('href', `/moderation/blocked?rule=${approved.ruleId}`);
    const row = link.closest('tr');
    if (!row) throw new Error('the rule has a row');
    const waiting = listed.data.slice(2).filter((item) => item.ruleId === approved.ruleId);
    expect(cellsOf(row)).toEqual(
      approved.ruleId === rejected.ruleId
        ? [ruleName, String(waiting.length), '1', '1', '0', '2', '50 %']
        : [ruleName, String(waiting.length), '1', '0', '0', '1', '100 %'],
    );
  });
  it('counts flag reports per reason and per reporter with the share upheld', async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const listed = (await (await backend.call('GET', '/moderation/flagged-messages')).json()) as {
      data: { id: string; flaggedBy?: { uid: string; name: string; remark?: string }[] }[];
    };
    const spam = listed.data.find((item) =>
      item.flaggedBy?.some((r) => r.remark === 'Keeps posting the same link'),
    )!;
    await backend.call('PATCH', `/moderation/flagged-messages/${spam.id}`, {
      status: 'disapproved',
    });
    renderRoute('/moderation/insights');
    // Read from two service lists besides the figures: slow on a loaded machine.
    const reasons = await screen.findByRole(
      'region',
      { name: 'Flag reports per reason' },
      { timeout: 5000 },
    );
    const row = (table: HTMLElement, name: string) =>
      cellsOf(within(table).getByRole('row', { name: new RegExp(`^${name}`) }));
    // Spam: three reports in the demo, one of them now upheld; the approved harassment flag is not.
    expect(row(reasons, 'Spam')).toEqual(['Spam / Unwanted Content', '2', '1', '1', '100 %']);
    expect(row(reasons, 'Harassment')).toEqual(['Harassment / Bullying', '2', '1', '0', '0 %']);
    const reporters = screen.getByRole('region', { name: 'Flag reports per reporter' });
    const reporter = spam.flaggedBy![0]!;
    expect(
      within(reporters).getByRole('link', { name: reporter.name }).closest('tr'),
    ).toHaveTextContent(/1100 %$/);
    // Time to decision for flags beside the blocked one: the seeded approval and this block.
    const flags = screen.getByRole('region', { name: 'Flags' });
    expect(within(flags).getByText(/^Median time to decision for flags: /)).toHaveTextContent(
      /^Median time to decision for flags: \d.*, from the first report, over 2 decided flags\.$/,
    );
  });

  it("says the flags' time to decision is not known when the service's reviewed list could not be read", async () => {
    const backend = installTestBackend({ role: 'moderator' });
    const { user } = renderRoute('/moderation/insights');
    const flags = await screen.findByRole('region', { name: 'Flags' }, { timeout: 5000 });
    expect(
      await within(flags).findByText(/^Median time to decision for flags: \d/),
    ).toBeInTheDocument();

    // Another range asks the console server again; its read of the reviewed list fails this time.
    await backend.fault({ method: 'GET', path: '/moderation/reviewed-messages', status: 503 });
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(
      await within(flags).findByText(
        "Median time to decision for flags: not known, the service's reviewed list could not be read.",
      ),
    ).toBeInTheDocument();
    // The counts beside it come from the page's own reads, which still hold.
    expect(
      within(flags).getByRole('region', { name: 'Flag reports per reason' }),
    ).toBeInTheDocument();
  });

  it('shows the flags below the figures only once the figures are in, so nothing on screen jumps down', async () => {
    installTestBackend({ role: 'moderator' });
    renderRoute('/moderation/insights');
    expect(
      await screen.findByRole('region', { name: 'Flags' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // When the flags first show, the figures above them are there already.
    expect(screen.queryByText('Computing the figures')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Decisions' })).toBeInTheDocument();
  });
});
