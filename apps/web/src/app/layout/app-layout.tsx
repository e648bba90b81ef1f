import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { startTransition, useEffect, useState } from 'react';
import { useMatches, useOutlet } from 'react-router';
import type { RouteHandle } from '../router';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const DRAWER_WIDTH = 248;

const isRouteHandle = (handle: unknown): handle is RouteHandle => typeof handle === 'object' && handle !== null && 'title' in handle;

/**
 * The screen inside the frame. When the frame first mounts (page load, log in), the screen comes
 * in a second render that React may interrupt (a transition): the frame paints first, and the
 * first screen does not render in one long task that holds the page (DESIGN §9). Navigations
 * afterwards render it at once.
 */
function ScreenOutlet() {
  const outlet = useOutlet();
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? outlet : null;
}

/** The protected area's frame: a permanent sidebar (a drawer to open on small screens) and a top bar. */
export function AppLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const matches = useMatches();
  const title =
    matches
      .map((match) => match.handle)
      .filter(isRouteHandle)
      .at(-1)?.title ?? 'Kontor';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar title={title} drawerWidth={DRAWER_WIDTH} onOpenNavigation={() => setMobileOpen(true)} />
      <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {isDesktop ? (
          <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}>
            <Sidebar />
          </Drawer>
        ) : (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            <Sidebar onNavigate={() => setMobileOpen(false)} />
          </Drawer>
        )}
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <ScreenOutlet />
      </Box>
    </Box>
  );
}
