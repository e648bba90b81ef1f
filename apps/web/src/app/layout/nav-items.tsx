import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import AttachFileOutlinedIcon from '@mui/icons-material/AttachFileOutlined';
import CategoryOutlinedIcon from '@mui/icons-material/CategoryOutlined';
import ChecklistOutlinedIcon from '@mui/icons-material/ChecklistOutlined';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FacebookOutlinedIcon from '@mui/icons-material/FacebookOutlined';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import PercentOutlinedIcon from '@mui/icons-material/PercentOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import PhotoLibraryOutlinedIcon from '@mui/icons-material/PhotoLibraryOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import ReceiptOutlinedIcon from '@mui/icons-material/ReceiptOutlined';
import RssFeedOutlinedIcon from '@mui/icons-material/RssFeedOutlined';
import ShoppingBasketOutlinedIcon from '@mui/icons-material/ShoppingBasketOutlined';
import ShoppingCartOutlinedIcon from '@mui/icons-material/ShoppingCartOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import TranslateOutlinedIcon from '@mui/icons-material/TranslateOutlined';
import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
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
    key: 'products',
    label: 'Products',
    to: '/catalog/products',
    icon: <CategoryOutlinedIcon />,
    match: (pathname) => pathname.toLowerCase() === '/catalog' || under('/catalog/products')(pathname),
    section: 'Catalog',
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
  {
    key: 'bulk-descriptions',
    label: 'Descriptions',
    to: '/catalog/product-bulk3-description',
    icon: <TranslateOutlinedIcon />,
    match: under('/catalog/product-bulk3-description'),
    section: 'Catalog',
  },
  {
    key: 'catalog-categories',
    label: 'Categories',
    to: '/catalog/category',
    icon: <AccountTreeOutlinedIcon />,
    match: under('/catalog/category'),
    section: 'Catalog',
  },
  {
    key: 'markups',
    label: 'Markups',
    to: '/catalog/markup',
    icon: <PercentOutlinedIcon />,
    match: under('/catalog/markup'),
    section: 'Catalog',
  },
  {
    key: 'images',
    label: 'Images',
    to: '/catalog/images',
    icon: <ImageOutlinedIcon />,
    match: under('/catalog/images'),
    section: 'Catalog',
  },
  {
    key: 'file-urls',
    label: 'File URLs',
    to: '/catalog/file-urls',
    icon: <AttachFileOutlinedIcon />,
    match: under('/catalog/file-urls'),
    section: 'Catalog',
  },
  {
    key: 'supplier-products',
    label: 'Supplier products',
    to: '/procurements-and-suppliers/products',
    icon: <ShoppingBasketOutlinedIcon />,
    match: under('/procurements-and-suppliers/products'),
    section: 'Procurement',
  },
  {
    key: 'supplier-categories',
    label: 'Supplier categories',
    to: '/procurements-and-suppliers/categories',
    icon: <AccountTreeOutlinedIcon />,
    match: under('/procurements-and-suppliers/categories'),
    section: 'Procurement',
  },
  {
    key: 'suppliers',
    label: 'Suppliers',
    to: '/procurement/supplier',
    icon: <LocalShippingOutlinedIcon />,
    match: (pathname) => pathname.toLowerCase() === '/procurement' || under('/procurement/supplier')(pathname),
    section: 'Procurement',
  },
  {
    key: 'supplier-feeds',
    label: 'Supplier feeds',
    to: '/procurement/supplier-feed',
    icon: <RssFeedOutlinedIcon />,
    match: under('/procurement/supplier-feed'),
    section: 'Procurement',
  },
  {
    key: 'purchase-orders',
    label: 'Purchase orders',
    to: '/procurement/orders',
    icon: <ShoppingCartOutlinedIcon />,
    match: under('/procurement/orders'),
    section: 'Procurement',
  },
  {
    key: 'supplier-images',
    label: 'Supplier images',
    to: '/procurement/images',
    icon: <PhotoLibraryOutlinedIcon />,
    match: under('/procurement/images'),
    section: 'Procurement',
  },
  {
    key: 'global-suppliers',
    label: 'Global suppliers',
    to: '/global-suppliers-and-brands/products',
    icon: <TravelExploreOutlinedIcon />,
    match: under('/global-suppliers-and-brands'),
    section: 'Procurement',
  },
  {
    key: 'pick-and-pack',
    label: 'Pick & pack',
    to: '/customers/pick-and-pack',
    icon: <AssignmentTurnedInOutlinedIcon />,
    match: (pathname) => pathname.toLowerCase() === '/customers' || under('/customers/pick-and-pack')(pathname),
    section: 'Customers',
  },
  {
    key: 'customer-orders',
    label: 'Orders',
    to: '/customers/orders',
    icon: <ReceiptOutlinedIcon />,
    match: under('/customers/orders'),
    section: 'Customers',
  },
  {
    key: 'google-taxonomies',
    label: 'Google taxonomy',
    to: '/miscellaneous/google-product-taxonomies',
    icon: <LabelOutlinedIcon />,
    match: under('/miscellaneous/google-product-taxonomies'),
    section: 'Taxonomies',
  },
  {
    key: 'facebook-taxonomies',
    label: 'Facebook taxonomy',
    to: '/miscellaneous/facebook-product-taxonomies',
    icon: <FacebookOutlinedIcon />,
    match: under('/miscellaneous/facebook-product-taxonomies'),
    section: 'Taxonomies',
  },
  {
    key: 'facebook-taxonomy-selection',
    label: 'Facebook selection',
    to: '/preferences/facebook-product-taxonomies-selection',
    icon: <ChecklistOutlinedIcon />,
    match: under('/preferences/facebook-product-taxonomies-selection'),
    section: 'Taxonomies',
  },
];

/** The sidebar keeps exactly one active item; 'Overview' when nothing else matches (spec §2). */
export function activeNavKey(pathname: string): string {
  return NAV_ITEMS.find((item) => item.match(pathname))?.key ?? 'overview';
}
