import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

type StatTileProps = { label: string; value: number | undefined; icon: ReactNode; to: string; hint?: string };

/** One real number on the overview, leading to where it comes from. */
export function StatTile({ label, value, icon, to, hint }: StatTileProps) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        component={RouterLink}
        to={to}
        sx={{ p: 2.25, height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'flex-start', gap: 2 }}
      >
        <Box sx={{ color: 'primary.main', bgcolor: (theme) => `${theme.palette.primary.main}14`, borderRadius: 2, p: 1.25, display: 'flex' }}>{icon}</Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ lineHeight: 1.3 }}>
            {label}
          </Typography>
          <Typography variant="h5" component="p" aria-label={`${label}: ${value ?? 'loading'}`}>
            {value === undefined ? <Skeleton width={40} /> : value}
          </Typography>
          {hint ? (
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {hint}
            </Typography>
          ) : null}
        </Box>
      </CardActionArea>
    </Card>
  );
}
