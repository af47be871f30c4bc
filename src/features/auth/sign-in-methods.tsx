import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { sessionQueries } from '@/api/queries/session';

/**
 * The ways to sign in this console offers: single sign-on first when it is set up, and the password
 * form (`children`) unless password sign-in is turned off. Until the console has said, the form shows.
 */
export function SignInMethods({
  next,
  onSso,
  children,
}: {
  next: string;
  /** Single sign-on in place (a popup) instead of leaving the page for the identity provider. */
  onSso?: () => void;
  children: ReactNode;
}) {
  const methods = useQuery(sessionQueries.methods()).data;
  const password = methods?.password ?? true;
  const sso = methods?.sso;
  // Every part keeps its place whatever the answer, so the form is never remounted (and never loses
  // what was typed) when the methods arrive.
  return (
    <Stack spacing={2}>
      {sso ? (
        <Button
          variant={password ? 'outlined' : 'contained'}
          {...(onSso
            ? { onClick: onSso }
            : { href: `/auth/sso/start?returnTo=${encodeURIComponent(next)}` })}
        >
          Sign in with {sso.label}
        </Button>
      ) : null}
      {sso && password ? (
        <Divider>
          <Typography variant="body2" color="textSecondary">
            or with a password
          </Typography>
        </Divider>
      ) : null}
      {password ? (
        children
      ) : (
        <Typography variant="body2" color="textSecondary">
          Password sign-in is turned off on this console.
        </Typography>
      )}
    </Stack>
  );
}
