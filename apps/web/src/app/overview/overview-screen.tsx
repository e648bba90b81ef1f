import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useSearchParams } from 'react-router';
import { StatTile } from '@/components/stat-tile';
import { CompanySummaryCard } from '@/features/companies/components/company-summary-card';
import { LowStockCard } from '@/features/dashboard/components/low-stock-card';
import { ProductCountTiles } from '@/features/dashboard/components/product-count-tiles';
import { StockValueCard } from '@/features/dashboard/components/stock-value-card';
import { useUnreadNotificationCount } from '@/features/notifications/api/list-notifications';
import { useSystemNotifications } from '@/features/notifications/api/list-system-notifications';
import { CompanyTasksCard } from '@/features/notifications/components/company-tasks-card';
import { LatestNotificationsCard } from '@/features/notifications/components/latest-notifications-card';
import { useUsers } from '@/features/users/api/list-users';
import { CompanyUsersCard, USER_SEARCH_PARAM } from '@/features/users/components/company-users-card';
import { useRequiredUser } from '@/lib/current-user';

function greeting(hour: number): string {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The dashboard: only real numbers of the company: the catalog counts, what to restock, where the stock value is, then the team. */
export function OverviewScreen() {
  const user = useRequiredUser();
  const [searchParams] = useSearchParams();
  const unread = useUnreadNotificationCount(user.id);
  const openTasks = useSystemNotifications({ openOnly: true });
  // The same query as the team card's, so one request answers both.
  const team = useUsers({ name: searchParams.get(USER_SEARCH_PARAM) ?? '' });
  const teamSearched = Boolean(searchParams.get(USER_SEARCH_PARAM));

  return (
    <Stack spacing={3}>
      <title>Overview · Kontor</title>
      <div>
        <Typography variant="h5" component="h2">
          {greeting(new Date().getHours())}, {user.first_name || user.email}
        </Typography>
        <Typography color="text.secondary">Here is what is happening at {user.company_name}.</Typography>
      </div>
      <ProductCountTiles />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <LowStockCard />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <StockValueCard />
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatTile label="Unread notifications" value={unread.data} icon={<MarkEmailUnreadOutlinedIcon />} to="/notification?unread=true" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatTile label="Open company tasks" value={openTasks.data?.count} icon={<AssignmentOutlinedIcon />} to="/notification" />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <StatTile label={teamSearched ? 'Matching team members' : 'Team members'} value={team.data?.count} icon={<GroupsOutlinedIcon />} to="/companies" />
        </Grid>
      </Grid>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <CompanySummaryCard />
            <CompanyUsersCard />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            <LatestNotificationsCard />
            <CompanyTasksCard openOnly />
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}
