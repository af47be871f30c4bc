import type { PermissionValue } from '@/api/schemas/role';

/** What every key control receives: the value, how to change it, and the ids that name and describe it. */
export interface ControlProps {
  /** The permission key, for messages. */
  permission: string;
  value: PermissionValue;
  onChange: (value: PermissionValue) => void;
  onBlur?: () => void;
  /** Id of the element showing the key: the control's accessible name. */
  labelId: string;
  /** Ids of the description and error text. */
  describedBy: string;
  disabled: boolean;
  invalid: boolean;
}

export const asList = (value: PermissionValue): string[] => (Array.isArray(value) ? value : []);
