import { MESSAGES, type ImageResponse } from '@kontor/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import LabelOutlinedIcon from '@mui/icons-material/LabelOutlined';
import { useState } from 'react';
import { FilterSelect } from '@/components/filter-select';
import { FixedPagePagination, lastPageOf } from '@/components/fixed-page-pagination';
import { SearchField } from '@/components/search-field';
import { isPastEnd } from '@/components/table-message-row';
import { errorText } from '@/lib/api-client';
import { useListFilters } from '@/lib/use-list-filters';
import { useImageClassifications } from '../api/image-classifications';
import { IMAGES_PAGE_SIZE, UNCLASSIFIED, useImage, useImages } from '../api/list-images';
import { ClassificationsDialog } from '../components/classifications-dialog';
import { ImageCard } from '../components/image-card';
import { ImageDetailsDialog } from '../components/image-details-dialog';
import { UploadPanel } from '../components/upload-panel';

const FILTERS = ['classification', 'search'] as const;

/** The catalog image library (spec §7 "Catalog images"): upload, browse, classify, attach to products. */
export function ImagesScreen() {
  const { filters, page, setFilter, setPage, resetFilters } = useListFilters(FILTERS);
  const images = useImages({ classification: filters.classification, search: filters.search, page });
  const classifications = useImageClassifications();
  const [opened, setOpened] = useState<ImageResponse | null>(null);
  const openImage = useImage(opened);
  const [managing, setManaging] = useState(false);

  const data = images.data;
  // An empty page of a library that has images: the page is past the end (its last images were deleted).
  const pastEnd = isPastEnd(data, data?.results.length);
  const filtered = FILTERS.some((name) => filters[name] !== '');
  const classificationOptions = [
    { value: '', label: 'All classifications' },
    { value: UNCLASSIFIED, label: 'No classification' },
    ...(classifications.data ?? []).map((c) => ({ value: String(c.id), label: c.title })),
  ];
  const uploadClassification = /^\d+$/.test(filters.classification) ? Number(filters.classification) : null;

  return (
    <Card>
      <title>Images · Kontor</title>
      <CardHeader
        title="Images"
        subheader="The shop's image library: upload pictures, classify them and attach them to products."
        action={
          <Button variant="outlined" startIcon={<LabelOutlinedIcon />} onClick={() => setManaging(true)}>
            Classifications
          </Button>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' } }}
      />
      <UploadPanel classification={uploadClassification} />
      <Box role="search" aria-label="Filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, px: 2, pb: 2, alignItems: 'center' }}>
        <FilterSelect
          label="Classification"
          value={filters.classification}
          onChange={(value) => setFilter('classification', value)}
          options={classificationOptions}
          minWidth={200}
        />
        <SearchField label="Search images" value={filters.search} onSearch={(value) => setFilter('search', value)} />
        {filtered ? (
          <Button size="small" onClick={resetFilters}>
            Clear filters
          </Button>
        ) : null}
      </Box>
      {images.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <Box sx={{ p: 2 }}>
        {/* Spec §8: a failed load is "Couldn't get images data". */}
        {images.isError ? <Alert severity="error">{`${MESSAGES.couldNotGetImages}: ${errorText(images.error)}`}</Alert> : null}
        {!images.isError && pastEnd ? (
          <Box sx={{ py: 6, textAlign: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Nothing on this page any more.
            </Typography>
            <Button size="small" onClick={() => setPage(lastPageOf(data.count, IMAGES_PAGE_SIZE))}>
              Go to the last page
            </Button>
          </Box>
        ) : null}
        {!images.isError && data && data.results.length === 0 && !pastEnd ? (
          <Box sx={{ py: 6, textAlign: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {filtered ? 'No images match these filters.' : 'No images yet.'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {filtered ? 'Try other filters, or clear them.' : 'Drop pictures above, or choose files, to start the library.'}
            </Typography>
          </Box>
        ) : null}
        {!images.isError && data && data.results.length > 0 ? (
          <Box
            component="ul"
            aria-label="Image library"
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(168px, 1fr))', gap: 2, m: 0, p: 0 }}
          >
            {data.results.map((image) => (
              <ImageCard key={image.id} image={image} onOpen={setOpened} />
            ))}
          </Box>
        ) : null}
      </Box>
      <FixedPagePagination count={data?.count} page={page} pageSize={IMAGES_PAGE_SIZE} onPageChange={setPage} />
      <ImageDetailsDialog image={opened ? (openImage.data ?? opened) : null} classifications={classifications.data ?? []} onClose={() => setOpened(null)} />
      <ClassificationsDialog
        open={managing}
        classifications={classifications.data ?? []}
        // A filter by a deleted classification would show nothing and have new uploads refused for it.
        onDeleted={(id) => {
          if (filters.classification === String(id)) setFilter('classification', '');
        }}
        onClose={() => setManaging(false)}
      />
    </Card>
  );
}
