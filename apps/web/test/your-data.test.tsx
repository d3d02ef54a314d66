import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { YourData } from '../src/features/auth/components/your-data';
import { renderAt } from './render';
import { signedIn } from './support/fixtures';
import { mockApi } from './support/mock-api';

describe('YourData', () => {
  it('links the download and deletes the account only with the password, explaining what is kept', async () => {
    const calls = mockApi({
      ...signedIn,
      'DELETE /user/me': ({ body }) =>
        (body as { password: string }).password === 'right-password'
          ? { body: { message: 'Your account is deleted.' } }
          : { status: 400, body: { error: 'That password is not right' } },
    });
    const { location } = renderAt(<YourData />, '/profile');
    const download = await screen.findByRole('link', { name: 'Download my data' });
    expect(download).toHaveAttribute('href', '/api/v1/user/me/export');

    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Former customer');
    expect(dialog).toHaveTextContent('must keep its books');

    const submit = () =>
      fireEvent.click(screen.getAllByRole('button', { name: 'Delete my account' }).at(-1)!);
    submit();
    expect(await screen.findByText('Enter your password to delete your account')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'wrong' } });
    submit();
    expect(await screen.findByText('That password is not right')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'right-password' } });
    submit();
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([
      { password: 'wrong' },
      { password: 'right-password' },
    ]);
  });
});
