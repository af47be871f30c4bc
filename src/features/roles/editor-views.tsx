import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState, type ComponentProps } from 'react';
import type { PermissionMap } from '@/api/schemas/role';
import { JsonView } from './json-view';
import { PermissionSections } from './permission-sections';

/**
 * The editor's two views of the map, as tabs: the typed controls, and the JSON with its own Apply.
 * `onJsonPending` (stable) says whether the JSON holds edits not applied yet.
 */
export function EditorViews({
  controls,
  unknownCount,
  onApplyJson,
  onJsonPending,
}: {
  controls: ComponentProps<typeof PermissionSections>;
  unknownCount: number;
  onApplyJson: (map: PermissionMap) => void;
  onJsonPending: (pending: boolean) => void;
}) {
  const tabsId = useId();
  const [tab, setTab] = useState<'controls' | 'json'>('controls');
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: 'controls' | 'json') => setTab(value)}
          aria-label="Editor views"
        >
          <Tab
            value="controls"
            label="Controls"
            id={`${tabsId}-controls`}
            aria-controls={`${tabsId}-controls-panel`}
          />
          <Tab
            value="json"
            label="JSON"
            id={`${tabsId}-json`}
            aria-controls={`${tabsId}-json-panel`}
          />
        </Tabs>
      </Box>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'controls' ? (
          <PermissionSections {...controls} />
        ) : (
          <>
            {unknownCount > 0 ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {unknownCount} keys are unknown (not reported by the service): the JSON shows their
                catalog defaults.
              </Alert>
            ) : null}
            <JsonView
              map={controls.current}
              catalog={controls.catalog}
              readOnly={controls.readOnly}
              onApply={onApplyJson}
              onPendingChange={onJsonPending}
            />
          </>
        )}
      </div>
    </>
  );
}
