import Box from '@mui/material/Box';
import type { Role } from '@/api/schemas/role';
import { CheckboxGroupControl } from './checkbox-group-control';
import { asList, type ControlProps } from './control-props';

/** A list of role ids, picked from the roles that exist; ids of deleted roles stay visible to untick. */
export function RolePickerControl(props: ControlProps & { roles: readonly Role[] }) {
  const { roles, value } = props;
  const known = new Set(roles.map((r) => r.role));
  const missing = asList(value).filter((id) => !known.has(id));
  const options = [
    ...roles.map((r) => ({
      value: r.role,
      label: (
        <>
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {r.role}
          </Box>
          {r.name && r.name !== r.role ? (
            <Box component="span" sx={{ color: 'text.secondary', ml: 0.5 }}>
              ({r.name})
            </Box>
          ) : null}
        </>
      ),
    })),
    ...missing.map((id) => ({
      value: id,
      label: (
        <>
          <Box component="span" sx={{ fontFamily: 'monospace' }}>
            {id}
          </Box>
          <Box component="span" sx={{ color: 'warning.main', ml: 0.5 }}>
            (role not found)
          </Box>
        </>
      ),
    })),
  ];
  return <CheckboxGroupControl {...props} options={options} />;
}
