import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import type { NotificationResponse } from '@kontor/contract';
import { useSearchParams } from 'react-router';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText } from '@/lib/api-client';
import { useRequiredUser } from '@/lib/current-user';
import { formatDateTime } from '@/lib/format';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications, useUnreadNotificationCount } from '../api/list-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { CompanyTasksCard } from '../components/company-tasks-card';
import { NotificationLink } from '../components/notification-link';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { isPastEnd, PastEndRow, TableMessageRow } from '@/components/table-message-row';

/** Filters live in the URL (DESIGN §6): ?unread=true&page=2. Pages start at 0. */
export const UNREAD_PARAM = 'unread';
export const PAGE_PARAM = 'page';
const COLUMNS = 3;

const readPage = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 0;
};

export function NotificationsScreen() {
  const user = useRequiredUser();
  const showSnackbar = useSnackbar();
  const [searchParams, setSearchParams] = useSearchParams();
  const unreadOnly = searchParams.get(UNREAD_PARAM) === 'true';
  const page = readPage(searchParams.get(PAGE_PARAM));
  const notifications = useNotifications({ userId: user.id, unreadOnly, page });
  const unreadCount = useUnreadNotificationCount(user.id);
  const markAllMutation = useMarkAllNotificationsRead();

  const handleUnreadOnly = (checked: boolean) => {
    setSearchParams((params) => {
      if (checked) params.set(UNREAD_PARAM, 'true');
      else params.delete(UNREAD_PARAM);
      // Any filter change resets the page to 0.
      params.delete(PAGE_PARAM);
      return params;
    });
  };

  const handlePage = (next: number) => {
    setSearchParams((params) => {
      if (next > 0) params.set(PAGE_PARAM, String(next));
      else params.delete(PAGE_PARAM);
      return params;
    });
  };

  const handleMarkAll = () => {
    markAllMutation.mutate(undefined, {
      onSuccess: ({ updated }) => showSnackbar(updated === 1 ? '1 notification marked as read' : `${updated} notifications marked as read`),
      onError: (error) => showSnackbar(errorText(error), 'error'),
    });
  };

  const data = notifications.data;
  const pastEnd = isPastEnd(data, data?.results.length);

  return (
    <Stack spacing={3}>
      <title>Notifications · Kontor</title>
      <Card>
        <CardHeader
          title="Your notifications"
          subheader={unreadCount.data === undefined ? ' ' : unreadCount.data === 0 ? 'All read' : `${unreadCount.data} unread`}
          action={
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <FormControlLabel control={<Switch checked={unreadOnly} onChange={(event) => handleUnreadOnly(event.target.checked)} />} label="Unread only" />
              <Button
                variant="outlined"
                startIcon={<DoneAllIcon />}
                onClick={handleMarkAll}
                loading={markAllMutation.isPending}
                disabled={unreadCount.data === 0}
              >
                Mark all as read
              </Button>
            </Box>
          }
          sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
        />
        {notifications.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
        {notifications.isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorText(notifications.error)}
          </Alert>
        ) : (
          <>
            <TableContainer>
              <Table aria-label="Notifications">
                <TableHead>
                  <TableRow>
                    <TableCell>Notification</TableCell>
                    <TableCell sx={{ width: 190 }}>Received</TableCell>
                    <TableCell sx={{ width: 190 }} align="right">
                      Status
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data?.results.map((notification) => (
                    <NotificationRow key={notification.id} notification={notification} />
                  ))}
                  {/* Past the end (the last ones read under Unread only, an old link): the last page, as every list offers. */}
                  {pastEnd ? <PastEndRow colSpan={COLUMNS} onLastPage={() => handlePage(lastPageOf(data.count, NOTIFICATIONS_PAGE_SIZE))} /> : null}
                  {data?.count === 0 ? (
                    <TableMessageRow colSpan={COLUMNS}>
                      {unreadOnly ? 'No unread notifications. You are all caught up.' : 'No notifications yet.'}
                    </TableMessageRow>
                  ) : null}
                </TableBody>
              </Table>
            </TableContainer>
            <FixedPagePagination count={data?.count} page={page} pageSize={NOTIFICATIONS_PAGE_SIZE} onPageChange={handlePage} />
          </>
        )}
      </Card>
      <CompanyTasksCard openOnly={false} />
    </Stack>
  );
}

function NotificationRow({ notification }: { notification: NotificationResponse }) {
  const showSnackbar = useSnackbar();
  const markReadMutation = useMarkNotificationRead();
  const unread = !notification.read_at;

  const handleMarkRead = () => {
    markReadMutation.mutate(notification.id, { onError: (error) => showSnackbar(errorText(error), 'error') });
  };

  return (
    <TableRow hover sx={unread ? { bgcolor: (theme) => `${theme.palette.primary.main}08` } : undefined}>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start' }}>
          <Box
            aria-label={unread ? 'Unread' : undefined}
            role={unread ? 'img' : undefined}
            sx={{ width: 8, height: 8, mt: 0.9, borderRadius: '50%', bgcolor: unread ? 'primary.main' : 'transparent', flexShrink: 0 }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: unread ? 650 : 500 }}>
              <NotificationLink href={notification.link}>{notification.title}</NotificationLink>
            </Typography>
            {notification.message ? (
              <Typography variant="body2" color="text.secondary">
                {notification.message}
              </Typography>
            ) : null}
          </Box>
        </Box>
      </TableCell>
      <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>{formatDateTime(notification.created_at)}</TableCell>
      <TableCell align="right">
        {unread ? (
          <Button size="small" onClick={handleMarkRead} loading={markReadMutation.isPending}>
            Mark as read
          </Button>
        ) : (
          <Typography variant="caption" color="text.secondary">
            Read {formatDateTime(notification.read_at)}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
