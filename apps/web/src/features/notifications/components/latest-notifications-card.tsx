import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/lib/api-client';
import { useRequiredUser } from '@/lib/current-user';
import { formatDateTime } from '@/lib/format';
import { useLatestNotifications, useUnreadNotificationCount } from '../api/list-notifications';
import { NotificationLink } from './notification-link';

export function LatestNotificationsCard() {
  const user = useRequiredUser();
  const latest = useLatestNotifications(user.id);
  const unread = useUnreadNotificationCount(user.id);
  return (
    <Card>
      <CardHeader
        title="Notifications"
        subheader={unread.data === undefined ? ' ' : unread.data === 0 ? 'All read' : `${unread.data} unread`}
        action={
          <Button component={RouterLink} to="/notification" size="small">
            View all
          </Button>
        }
      />
      {latest.isPending ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Skeleton variant="rounded" height={56} />
        </Box>
      ) : latest.isError ? (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {errorText(latest.error)}
        </Typography>
      ) : latest.data.results.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, pb: 2 }}>
          No notifications yet. Imports, order syncs and low stock will show up here.
        </Typography>
      ) : (
        <List disablePadding aria-label="Latest notifications">
          {latest.data.results.map((notification, index) => (
            <Fragment key={notification.id}>
              {index > 0 ? <Divider component="li" /> : null}
              <ListItem sx={{ display: 'block', py: 1.25 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  {notification.read_at ? null : (
                    <Box aria-label="Unread" role="img" sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }} />
                  )}
                  <Typography variant="body2" sx={{ fontWeight: notification.read_at ? 500 : 650 }} noWrap>
                    <NotificationLink href={notification.link}>{notification.title}</NotificationLink>
                  </Typography>
                </Box>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(notification.created_at)}
                </Typography>
              </ListItem>
            </Fragment>
          ))}
        </List>
      )}
    </Card>
  );
}
