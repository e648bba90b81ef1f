import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { ReactNode } from 'react';

export type NavItem = { key: string; label: string; to: string; icon: ReactNode; match: (pathname: string) => boolean };

const under = (base: string) => (pathname: string) =>
  pathname.toLowerCase() === base.toLowerCase() || pathname.toLowerCase().startsWith(`${base.toLowerCase()}/`);

/** Only areas that exist. Order is the sidebar's. */
export const NAV_ITEMS: NavItem[] = [
  { key: 'overview', label: 'Overview', to: '/', icon: <DashboardOutlinedIcon />, match: (pathname) => pathname === '/' },
  { key: 'notifications', label: 'Notifications', to: '/notification', icon: <NotificationsNoneOutlinedIcon />, match: under('/notification') },
  {
    key: 'company',
    label: 'Company',
    to: '/companies',
    icon: <StorefrontOutlinedIcon />,
    match: (pathname) => under('/companies')(pathname) || under('/company-Preferences')(pathname),
  },
];

/** The sidebar keeps exactly one active item; 'Overview' when nothing else matches (spec §2). */
export function activeNavKey(pathname: string): string {
  return NAV_ITEMS.find((item) => item.match(pathname))?.key ?? 'overview';
}
