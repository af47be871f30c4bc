import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '@/api/auth';
import { paths } from '@/config/paths';
import { useOperator } from '@/features/auth/use-session';

export function OperatorMenu() {
  const operator = useOperator();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useMutation({
    mutationFn: signOut,
    onSettled: () => {
      client.clear();
      void navigate(paths.signIn.href(), { replace: true });
    },
  });
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleOutlined />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'operator-menu' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {operator.username} · {operator.role}
      </Button>
      <Menu id="operator-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => logout.mutate()} disabled={logout.isPending}>
          Sign out
        </MenuItem>
      </Menu>
    </>
  );
}
