import { ORDER_SYNC_LONG_DAYS, type SyncOrdersResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SyncIcon from '@mui/icons-material/Sync';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText } from '@/lib/api-client';
import { useSyncOrders } from '../api/sync-orders';

/**
 * The server's message as it is: it already names the storefront SKUs no catalog product has
 * (their lines came in without a product); such a sync shows as a warning.
 */
export const syncSeverity = (result: SyncOrdersResponse) => (result.unknown_skus.length ? 'warning' : 'success');

/** 'Sync orders' runs the default window, 'Sync last 31 days' the long one (spec §9); one sync at a time. */
export function SyncButtons() {
  const showSnackbar = useSnackbar();
  const syncMutation = useSyncOrders();
  const running = syncMutation.isPending ? syncMutation.variables : undefined;

  const handleSync = (days: number | null) =>
    syncMutation.mutate(days, {
      onSuccess: (result) => showSnackbar(result.message, syncSeverity(result)),
      onError: (error) => showSnackbar(errorText(error), 'error'),
    });

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="contained"
        startIcon={<SyncIcon />}
        loading={running === null}
        loadingPosition="start"
        disabled={syncMutation.isPending}
        onClick={() => handleSync(null)}
      >
        Sync orders
      </Button>
      <Button
        variant="outlined"
        startIcon={<SyncIcon />}
        loading={running === ORDER_SYNC_LONG_DAYS}
        loadingPosition="start"
        disabled={syncMutation.isPending}
        onClick={() => handleSync(ORDER_SYNC_LONG_DAYS)}
      >
        Sync last {ORDER_SYNC_LONG_DAYS} days
      </Button>
    </Box>
  );
}
