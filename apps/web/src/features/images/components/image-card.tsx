import type { ImageResponse } from '@kontor/contract';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDimensions, formatKb } from './format';

/** One image of the library grid: thumbnail, title, pixels, size and classification. */
export function ImageCard({ image, onOpen }: { image: ImageResponse; onOpen: (image: ImageResponse) => void }) {
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }} aria-label={image.title}>
      <CardActionArea
        onClick={() => onOpen(image)}
        aria-label={`Open ${image.title}`}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box sx={{ aspectRatio: '1 / 1', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
          <Box
            component="img"
            src={image.thumbnail_url}
            alt={image.title}
            loading="lazy"
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block', color: 'transparent' }}
          />
        </Box>
        <Box sx={{ p: 1.25, display: 'flex', flexDirection: 'column', gap: 0.5, flexGrow: 1 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={image.title}>
            {image.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatDimensions(image)} · {formatKb(image.size)}
          </Typography>
          <Box sx={{ minHeight: 24 }}>
            {image.classification ? <Chip size="small" label={image.classification.title} color="primary" variant="outlined" /> : null}
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}
