import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { SystemNotificationResponse } from '@kontor/contract';
import { Fragment } from 'react';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText } from '@/lib/api-client';
import { useRequiredUser } from '@/lib/current-user';
import { formatDate } from '@/lib/format';
import { useCompleteSystemNotification } from '../api/complete-system-notification';
import { useSystemNotifications } from '../api/list-system-notifications';
import { NotificationLink } from './notification-link';

type CompanyTasksCardProps = {
  /** The overview lists only what is still open; the notifications screen lists all. */
  openOnly: boolean;
};

/** System notifications: tasks for the whole company that one user marks completed. */
export function CompanyTasksCard({ openOnly }: CompanyTasksCardProps) {
  const tasks = useSystemNotifications({ openOnly });
  const open = tasks.data?.results.filter((task) => !task.completed_at).length ?? 0;
  return (
    <Card>
      <CardHeader title="Company tasks" subheader={tasks.data ? (open ? `${open} open` : 'All done') : ' '} />
      {tasks.isPending ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Skeleton variant="rounded" height={56} />
        </Box>
      ) : tasks.isError ? (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {errorText(tasks.error)}
        </Typography>
      ) : tasks.data.results.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, pb: 2 }}>
          {openOnly ? 'Nothing left to do. Well done.' : 'Your company has no tasks.'}
        </Typography>
      ) : (
        <List disablePadding aria-label="Company tasks">
          {tasks.data.results.map((task, index) => (
            <Fragment key={task.id}>
              {index > 0 ? <Divider component="li" /> : null}
              <TaskItem task={task} />
            </Fragment>
          ))}
        </List>
      )}
    </Card>
  );
}

function TaskItem({ task }: { task: SystemNotificationResponse }) {
  const user = useRequiredUser();
  const showSnackbar = useSnackbar();
  const completeMutation = useCompleteSystemNotification();
  const done = Boolean(task.completed_at);

  const handleComplete = () => {
    completeMutation.mutate(
      { id: task.id, userId: user.id },
      {
        onSuccess: () => showSnackbar(`Completed: ${task.title}`),
        onError: (error) => showSnackbar(errorText(error), 'error'),
      },
    );
  };

  return (
    <ListItem sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5 }}>
      {done ? (
        <CheckCircleOutlineIcon color="success" fontSize="small" sx={{ mt: 0.25 }} />
      ) : (
        <RadioButtonUncheckedIcon color="disabled" fontSize="small" sx={{ mt: 0.25 }} />
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, color: done ? 'text.secondary' : 'text.primary' }}>
          <NotificationLink href={task.link}>{task.title}</NotificationLink>
        </Typography>
        {task.message ? (
          <Typography variant="body2" color="text.secondary">
            {task.message}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mt: 0.75, flexWrap: 'wrap' }}>
          <Typography variant="caption" color="text.secondary">
            {done ? `Completed ${formatDate(task.completed_at)}` : `Added ${formatDate(task.created_at)}`}
          </Typography>
          {done ? (
            <Chip label="Completed" size="small" color="success" variant="outlined" />
          ) : (
            <Button size="small" variant="outlined" onClick={handleComplete} loading={completeMutation.isPending}>
              Mark completed
            </Button>
          )}
        </Box>
      </Box>
    </ListItem>
  );
}
