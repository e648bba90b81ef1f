import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
import { useMatches, useOutlet } from 'react-router';
import { UnsavedChangesGuard } from '@/components/unsaved-changes';
import type { RouteHandle } from '../router';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const DRAWER_WIDTH = 248;

const isRouteHandle = (handle: unknown): handle is RouteHandle => typeof handle === 'object' && handle !== null && 'title' in handle;

/** The protected area's frame: a permanent sidebar (a drawer to open on small screens) and a top bar. */
export function AppLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const matches = useMatches();
  const outlet = useOutlet();
  // When the frame first mounts (page load, log in), its outline paints first, then the screen
  // in a render React may interrupt (a transition), then the menu and the top bar's buttons in
  // another: no one long task holds the page, and the menu does not delay the screen (DESIGN §9).
  // The frame stays mounted: navigations afterwards render their screen at once.
  const screenShown = useDeferredValue(true, false);
  const [extrasShown, setExtrasShown] = useState(false);
  useEffect(() => {
    if (screenShown) startTransition(() => setExtrasShown(true));
  }, [screenShown]);
  const title =
    matches
      .map((match) => match.handle)
      .filter(isRouteHandle)
      .at(-1)?.title ?? 'Kontor';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar title={title} drawerWidth={DRAWER_WIDTH} showActions={extrasShown} onOpenNavigation={() => setMobileOpen(true)} />
      <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
        {isDesktop ? (
          <Drawer variant="permanent" open sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}>
            {extrasShown ? <Sidebar /> : null}
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
        <UnsavedChangesGuard>{screenShown ? outlet : null}</UnsavedChangesGuard>
      </Box>
    </Box>
  );
}
