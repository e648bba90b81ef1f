import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { UserMenu } from '@/features/auth/components/user-menu';
import { BookmarkViewButton } from '@/features/bookmarks/components/bookmark-view-button';
import { FeedbackButton } from '@/features/notifications/components/feedback-button';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

type TopBarProps = {
  title: string;
  drawerWidth: number;
  /** False while the frame first mounts: the buttons come with the menu and the screen (see AppLayout). */
  showActions: boolean;
  onOpenNavigation: () => void;
};

export function TopBar({ title, drawerWidth, showActions, onOpenNavigation }: TopBarProps) {
  return (
    <AppBar
      position="fixed"
      sx={{
        width: { md: `calc(100% - ${drawerWidth}px)` },
        ml: { md: `${drawerWidth}px` },
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar sx={{ gap: 0.5 }}>
        <IconButton aria-label="Open navigation" edge="start" onClick={onOpenNavigation} sx={{ mr: 1, display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {showActions ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
            <BookmarkViewButton defaultName={title} />
            <FeedbackButton />
            <NotificationBell />
            <UserMenu />
          </Box>
        ) : null}
      </Toolbar>
    </AppBar>
  );
}
