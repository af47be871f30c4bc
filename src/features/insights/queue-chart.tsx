import { LineChart } from '@mui/x-charts/LineChart';
import type { QueuePoint } from '@/api/schemas/insights';
import { formatDuration } from '@/utils/format-duration';
import { sampleLabel } from './figures-format';

/** The queue's size (left axis) and its oldest item's age (right axis) at each sample. */
export function QueueChart({ width, samples }: { width: number; samples: readonly QueuePoint[] }) {
  return (
    <LineChart
      width={width}
      height={260}
      skipAnimation
      xAxis={[{ scaleType: 'point', data: samples.map((point) => sampleLabel(point.at)) }]}
      yAxis={[
        { id: 'size', min: 0, tickMinStep: 1, width: 48 },
        {
          id: 'age',
          min: 0,
          position: 'right',
          width: 64,
          valueFormatter: (hours: number) => formatDuration(hours * 3600),
        },
      ]}
      series={[
        {
          id: 'size',
          label: 'Waiting',
          yAxisId: 'size',
          data: samples.map((point) => point.size),
          showMark: samples.length < 40,
        },
        {
          id: 'age',
          label: 'Oldest item',
          yAxisId: 'age',
          data: samples.map((point) =>
            point.oldestAgeSeconds === null ? null : point.oldestAgeSeconds / 3600,
          ),
          valueFormatter: (hours) => (hours === null ? '—' : formatDuration(hours * 3600)),
          showMark: samples.length < 40,
        },
      ]}
    />
  );
}
