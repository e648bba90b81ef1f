import { NEW_PRODUCT_DAYS, type ProductCountQuery } from '@kontor/contract';
import Grid from '@mui/material/Grid';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import FiberNewOutlinedIcon from '@mui/icons-material/FiberNewOutlined';
import HourglassEmptyOutlinedIcon from '@mui/icons-material/HourglassEmptyOutlined';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import type { ReactNode } from 'react';
import { StatTile } from '@/components/stat-tile';
import { errorText } from '@/lib/api-client';
import { useProductCount } from '../api/get-product-count';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The user's day (YYYY-MM-DD) from which the tile's link lists new products: NEW_PRODUCT_DAYS days
 * before today. The grid reads its date filters as the user's days, so this is the user's date,
 * not UTC's. The figure is spec §7's product-count?f=new (created in the last NEW_PRODUCT_DAYS x 24
 * hours); a day filter cannot say "from this hour", so the list may add that first day's earlier hours.
 */
export const newProductsSince = (now: Date) => {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() - NEW_PRODUCT_DAYS);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
};

type Tile = { filter: ProductCountQuery['f']; label: string; icon: ReactNode; to: (now: Date) => string };

/** Each count leads to the product grid with the filter that lists the same products. */
export const PRODUCT_COUNT_TILES: readonly Tile[] = [
  { filter: 'edited', label: 'Edited products', icon: <EditNoteOutlinedIcon />, to: () => '/catalog/products?edited=Yes' },
  { filter: 'unedited', label: 'Unedited products', icon: <HourglassEmptyOutlinedIcon />, to: () => '/catalog/products?edited=No' },
  { filter: 'mapped', label: 'Mapped to procurement', icon: <LinkOutlinedIcon />, to: () => '/catalog/products?mapped_to_procurement=Yes' },
  {
    filter: 'new',
    label: `New in ${NEW_PRODUCT_DAYS} days`,
    icon: <FiberNewOutlinedIcon />,
    to: (now) => `/catalog/products?created_at__gte=${newProductsSince(now)}`,
  },
  { filter: 'low-in-stock', label: 'Low in stock', icon: <WarningAmberOutlinedIcon />, to: () => '/catalog/products?low_stock=Yes' },
];

function ProductCountTile({ tile, now }: { tile: Tile; now: Date }) {
  const count = useProductCount(tile.filter);
  return (
    <StatTile
      label={tile.label}
      value={count.data}
      icon={tile.icon}
      to={tile.to(now)}
      hint={count.isError ? `Not loaded: ${errorText(count.error)}` : undefined}
    />
  );
}

/** The five catalog counts of spec §7 product-count. */
export function ProductCountTiles() {
  const now = new Date();
  return (
    <Grid container spacing={2} component="section" aria-label="Catalog counts">
      {PRODUCT_COUNT_TILES.map((tile) => (
        <Grid key={tile.filter} size={{ xs: 12, sm: 6, md: 4, lg: 2.4 }}>
          <ProductCountTile tile={tile} now={now} />
        </Grid>
      ))}
    </Grid>
  );
}
