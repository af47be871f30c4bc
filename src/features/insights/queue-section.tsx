import type { Insights } from '@/api/schemas/insights';
import { formatCount } from '@/utils/format';
import { formatDuration } from '@/utils/format-duration';
import { ChartSlot, QueueChart } from './chart-slot';
import { FigureSection, NoFigures } from './figure-section';
import { FigureTable } from './figure-table';
import { sampleLabel } from './figures-format';

/** The queue's size and oldest wait at each sample the console took in the range. */
export function QueueSection({ queue, range }: { queue: Insights['queue']; range: string }) {
  return (
    <FigureSection
      title="Queue over time"
      description="How many blocked messages waited, and how long the oldest had waited, at each sample."
      empty={
        queue.samples.length === 0 ? (
          <NoFigures>
            No samples yet: the console samples the queue while moderators have it open.
          </NoFigures>
        ) : undefined
      }
      chart={
        <ChartSlot height={260}>
          {(width) => <QueueChart width={width} samples={queue.samples} />}
        </ChartSlot>
      }
      table={
        <FigureTable
          caption={`Queue samples, ${range}`}
          columns={[
            { header: 'Time' },
            { header: 'Waiting', numeric: true },
            { header: 'Oldest waiting', numeric: true },
          ]}
          rows={queue.samples.map((point) => ({
            key: String(point.at),
            cells: [
              sampleLabel(point.at),
              formatCount(point.size),
              formatDuration(point.oldestAgeSeconds),
            ],
          }))}
        />
      }
    />
  );
}
