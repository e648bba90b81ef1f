import { SNACKBAR_AUTO_HIDE_MS } from '@kontor/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SnackbarProvider, useSnackbar } from './snackbar-provider';

function Trigger({ message }: { message: string }) {
  const showSnackbar = useSnackbar();
  return <button onClick={() => showSnackbar(message)}>Show {message}</button>;
}

const renderProvider = () =>
  render(
    <SnackbarProvider>
      <Trigger message="Saved" />
      <Trigger message="Saved again" />
    </SnackbarProvider>,
  );

describe('SnackbarProvider', () => {
  it('hides the message automatically after 4 seconds', () => {
    vi.useFakeTimers();
    renderProvider();
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Saved');

    act(() => vi.advanceTimersByTime(SNACKBAR_AUTO_HIDE_MS - 100));
    expect(screen.getByRole('alert')).toHaveTextContent('Saved');

    act(() => vi.advanceTimersByTime(100));
    // The exit transition runs once React has rendered the close.
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a new message after the previous one has closed and gone', () => {
    vi.useFakeTimers();
    renderProvider();
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved again' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toHaveTextContent('Saved again');
  });

  it('closes with its close button', () => {
    vi.useFakeTimers();
    renderProvider();
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('replaces the shown message with a new one and restarts the 4 seconds', () => {
    vi.useFakeTimers();
    renderProvider();
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved' }));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved again' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('Saved again');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('Saved again');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a new message open when the previous one is closed in the same moment', () => {
    // The shown message's hide timer (or close button) can fire while a new message is being
    // rendered: that close belongs to the old message only.
    vi.useFakeTimers();
    function Racer() {
      const showSnackbar = useSnackbar();
      const handleClick = () => {
        showSnackbar('Removed');
        screen.getByRole('button', { name: 'close' }).click();
      };
      return <button onClick={handleClick}>Race</button>;
    }
    render(
      <SnackbarProvider>
        <Trigger message="Saved" />
        <Racer />
      </SnackbarProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show Saved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Race' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('alert')).toHaveTextContent('Removed');
  });
});
