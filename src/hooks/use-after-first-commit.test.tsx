import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useFocusCarriedOver } from './use-after-first-commit';

/**
 * A picker as the user and group pickers draw it: a read-only stand-in until `ready`, then MUI's
 * Autocomplete, with the stand-in's focus carried over (useFocusCarriedOver).
 */
function Picker({ ready }: { ready: boolean }) {
  const { standIn, inputRef } = useFocusCarriedOver(ready);
  return (
    <>
      {ready ? (
        <Autocomplete
          options={['Lucas', 'Lena']}
          renderInput={(params) => <TextField {...params} label="User" inputRef={inputRef} />}
        />
      ) : (
        <TextField
          label="User"
          value=""
          slotProps={{ htmlInput: { readOnly: true } }}
          {...standIn}
        />
      )}
      <button type="button">Next</button>
    </>
  );
}

describe('focus carried from a stand-in to the picker that replaces it', () => {
  it('goes to the picker when the stand-in had it, and typing goes on there', async () => {
    const { rerender } = render(<Picker ready={false} />);
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: 'User' })).toHaveFocus();
    rerender(<Picker ready />);
    const picker = screen.getByRole('combobox', { name: 'User' });
    expect(picker).toHaveFocus();
    await userEvent.keyboard('Le');
    expect(picker).toHaveValue('Le');
  });

  it('stays where the user moved it before the picker came', async () => {
    const { rerender } = render(<Picker ready={false} />);
    await userEvent.tab();
    await userEvent.tab();
    rerender(<Picker ready />);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'User' })).not.toHaveFocus();
  });
});
