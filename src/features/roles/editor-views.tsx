import Alert from '@mui/material/Alert';
import { useId, useState, type ComponentProps } from 'react';
import type { PermissionMap } from '@/api/schemas/role';
import { ViewTabs } from '@/components/view-tabs';
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
      <ViewTabs
        label="Editor views"
        tabs={(['controls', 'json'] as const).map((value) => ({
          value,
          label: value === 'controls' ? 'Controls' : 'JSON',
          id: `${tabsId}-${value}`,
          panelId: `${tabsId}-${value}-panel`,
        }))}
        value={tab}
        onChange={setTab}
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      />
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
