import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import type { ReactNode } from 'react';

export type NavItem = {
  key: string;
  label: string;
  to: string;
  icon: ReactNode;
  match: (pathname: string) => boolean;
  /** Items of an area sit under its heading in the sidebar. */
  section?: string;
};

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
  {
    key: 'inventory',
    label: 'Inventory',
    to: '/catalog/inventory',
    icon: <Inventory2OutlinedIcon />,
    match: under('/catalog/inventory'),
    section: 'Catalog',
  },
  {
    key: 'inventory-transactions',
    label: 'Transactions',
    to: '/catalog/inventorytransactions',
    icon: <ReceiptLongOutlinedIcon />,
    match: under('/catalog/inventorytransactions'),
    section: 'Catalog',
  },
  {
    key: 'inventory-locations',
    label: 'Locations',
    to: '/catalog/inventory-locations',
    icon: <PlaceOutlinedIcon />,
    match: under('/catalog/inventory-locations'),
    section: 'Catalog',
  },
  {
    key: 'stocktaking',
    label: 'Stocktaking',
    to: '/catalog/stocktaking',
    icon: <FactCheckOutlinedIcon />,
    match: under('/catalog/stocktaking'),
    section: 'Catalog',
  },
];

/** The sidebar keeps exactly one active item; 'Overview' when nothing else matches (spec §2). */
export function activeNavKey(pathname: string): string {
  return NAV_ITEMS.find((item) => item.match(pathname))?.key ?? 'overview';
}
