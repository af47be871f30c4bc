import { describe, expect, it } from 'vitest';
import { passwordFormSchema, usernameInPassword } from './password-form-schema';

const problems = (
  values: { currentPassword?: string; newPassword: string; repeat?: string },
  forced = true,
) =>
  Object.fromEntries(
    (
      passwordFormSchema({ username: 'Zoe', forced }).safeParse({
        currentPassword: '',
        repeat: values.newPassword,
        ...values,
      }).error?.issues ?? []
    ).map((issue) => [issue.path.join('.'), issue.message]),
  );

describe('the change-password form', () => {
  it('checks length, the username (any case) and the repeat before sending', () => {
    expect(problems({ newPassword: 'a passphrase she chose' })).toEqual({});
    expect(problems({ newPassword: 'short' })).toEqual({ newPassword: 'At least 12 characters' });
    expect(problems({ newPassword: 'ZOE says hello 2030' })).toEqual({
      newPassword: usernameInPassword,
    });
    expect(
      problems({ newPassword: 'a passphrase she chose', repeat: 'a passphrase she chose!' }),
    ).toEqual({ repeat: 'The two passwords differ' });
  });

  it('asks for the current password unless the change is forced', () => {
    expect(problems({ newPassword: 'a passphrase she chose' }, false)).toEqual({
      currentPassword: 'Enter your current password',
    });
    expect(
      problems({ currentPassword: 'the old one', newPassword: 'a passphrase she chose' }, false),
    ).toEqual({});
  });
});
