import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { KontorLogo } from '@/components/kontor-logo';
import { PinnedBookmarks } from '@/features/bookmarks/components/pinned-bookmarks';
import { useRequiredUser } from '@/lib/current-user';
import { activeNavKey, NAV_ITEMS } from './nav-items';

type SidebarProps = { onNavigate?: () => void };

export function Sidebar({ onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const user = useRequiredUser();
  const active = activeNavKey(pathname);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', bgcolor: '#fbfcfd' }}>
      <Toolbar sx={{ px: 2.5 }}>
        <RouterLink to="/" onClick={onNavigate} aria-label="Kontor home" style={{ textDecoration: 'none' }}>
          <KontorLogo />
        </RouterLink>
      </Toolbar>
      {/* One scroll area for the menu and the pins, so a long menu never squeezes the pins out of reach. */}
      <Box sx={{ flexGrow: 1, minHeight: 0, overflowY: 'auto' }}>
        <Box component="nav" aria-label="Main" sx={{ px: 1.25, pt: 1 }}>
          <List dense disablePadding>
            {NAV_ITEMS.map((item, index) => {
              const selected = item.key === active;
              const heading = item.section && item.section !== NAV_ITEMS[index - 1]?.section ? item.section : null;
              return [
                heading ? (
                  <ListSubheader
                    key={`section-${heading}`}
                    disableSticky
                    sx={{
                      bgcolor: 'transparent',
                      lineHeight: '32px',
                      mt: 1,
                      fontSize: '0.72rem',
                      fontWeight: 700,
                      letterSpacing: '0.06em',
                      textTransform: 'uppercase',
                    }}
                  >
                    {heading}
                  </ListSubheader>
                ) : null,
                <ListItem key={item.key} disablePadding sx={{ mb: 0.25 }}>
                  <ListItemButton component={RouterLink} to={item.to} selected={selected} aria-current={selected ? 'page' : undefined} onClick={onNavigate}>
                    <ListItemIcon>{item.icon}</ListItemIcon>
                    <ListItemText primary={item.label} slotProps={{ primary: { fontWeight: selected ? 600 : 500, fontSize: '0.9rem' } }} />
                  </ListItemButton>
                </ListItem>,
              ];
            })}
          </List>
        </Box>
        <Divider sx={{ my: 1.5, mx: 2 }} />
        <Box sx={{ px: 1.25, pb: 1 }}>
          <PinnedBookmarks onNavigate={onNavigate} />
        </Box>
      </Box>
      <Box sx={{ px: 2.5, py: 2, borderTop: 1, borderColor: 'divider' }}>
        <Typography variant="caption" color="text.secondary" component="p" noWrap>
          {user.company_name}
        </Typography>
      </Box>
    </Box>
  );
}
