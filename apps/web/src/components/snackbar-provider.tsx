import { createContext, use, useCallback, useRef, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import CloseIcon from '@mui/icons-material/Close';
import { SNACKBAR_AUTO_HIDE_MS } from '@kontor/contract';

export type ShowSnackbar = (message: string, severity?: AlertColor) => void;

type Message = { id: number; text: string; severity: AlertColor };

const SnackbarContext = createContext<ShowSnackbar | null>(null);

/** The one snackbar of the app (DESIGN §6): hides after 4000 ms, has a close button; a new message replaces the shown one. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<Message | null>(null);
  // Closing names the message it closes: a hide timer or a close click of the previous
  // message that lands while a new one is being shown must not close the new one.
  const [closedId, setClosedId] = useState<number | null>(null);
  const open = message !== null && message.id !== closedId;

  // Ids only grow: a message shown after the last one has gone must not reuse a closed id.
  const lastId = useRef(0);
  const showSnackbar = useCallback<ShowSnackbar>((text, severity = 'success') => {
    lastId.current += 1;
    setMessage({ id: lastId.current, text, severity });
  }, []);

  const closeMessage = (id: number | undefined, reason?: SnackbarCloseReason) => {
    // A click elsewhere on the page should not swallow the message before it is read.
    if (reason === 'clickaway' || id === undefined) return;
    setClosedId(id);
  };

  return (
    <SnackbarContext value={showSnackbar}>
      {children}
      <Snackbar
        key={message?.id}
        open={open}
        autoHideDuration={SNACKBAR_AUTO_HIDE_MS}
        onClose={(_event, reason) => closeMessage(message?.id, reason)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        slotProps={{ transition: { onExited: () => setMessage((current) => (current?.id === closedId ? null : current)) } }}
      >
        {message ? (
          <Alert
            severity={message.severity}
            variant="filled"
            sx={{ alignItems: 'center', minWidth: 280 }}
            action={
              <IconButton aria-label="close" color="inherit" size="small" onClick={() => closeMessage(message.id)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            }
          >
            {message.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </SnackbarContext>
  );
}

export function useSnackbar(): ShowSnackbar {
  const showSnackbar = use(SnackbarContext);
  if (!showSnackbar) throw new Error('useSnackbar() needs a <SnackbarProvider>');
  return showSnackbar;
}
