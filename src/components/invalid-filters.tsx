import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import { EmptyState } from './states';

/**
 * Shown in place of a list whose filters cannot be used: nothing was asked of the service, so nothing
 * is listed (never the whole list as if it were filtered), and the fields marked above say why.
 */
export function InvalidFiltersState() {
  return (
    <EmptyState title="Nothing is listed: a filter cannot be used" icon={<FilterAltOffOutlined />}>
      Correct or clear the field marked above to see the list.
    </EmptyState>
  );
}
