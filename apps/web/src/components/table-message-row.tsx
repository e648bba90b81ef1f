import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type TableMessageRowProps = {
  colSpan: number;
  /** The failure to show instead of rows. */
  error?: string | null;
  /** Shown when there is no error: the empty state, with a hint what to do. */
  children?: ReactNode;
  hint?: ReactNode;
};

/** A full-width row for a grid's empty or error state. */
export function TableMessageRow({ colSpan, error, children, hint }: TableMessageRowProps) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} sx={{ py: error ? 2 : 6, textAlign: 'center', color: 'text.secondary', borderBottom: 0 }}>
        {error ? (
          <Alert severity="error" sx={{ textAlign: 'left' }}>
            {error}
          </Alert>
        ) : (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
              {children}
            </Typography>
            {hint ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {hint}
              </Typography>
            ) : null}
          </>
        )}
      </TableCell>
    </TableRow>
  );
}

/** A page past the end of a list that still has rows: its last rows were deleted, or left a filter. */
export function isPastEnd<Page extends { count: number }>(page: Page | undefined, rowsOnPage: number | undefined): page is Page {
  return page !== undefined && rowsOnPage === 0 && page.count > 0;
}

/** The row of a page past the end (isPastEnd): says so, where "nothing yet" would be wrong, and offers the last page. */
export function PastEndRow({ colSpan, onLastPage }: { colSpan: number; onLastPage: () => void }) {
  return (
    <TableMessageRow
      colSpan={colSpan}
      hint={
        <Button size="small" onClick={onLastPage}>
          Go to the last page
        </Button>
      }
    >
      Nothing on this page any more.
    </TableMessageRow>
  );
}
