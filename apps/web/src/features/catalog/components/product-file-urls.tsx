import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorText } from '@/lib/api-client';
import { useProductFileUrls } from '../api/list-product-file-urls';

const ellipsis = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The product's manuals, data sheets and other file links; they are added and edited on the file URLs screen. */
export function ProductFileUrls({ productId }: { productId: number }) {
  const fileUrls = useProductFileUrls(productId);
  const data = fileUrls.data;
  const manage = `/catalog/file-urls?product=${productId}`;
  return (
    <Card component="section" aria-label="File URLs">
      <CardHeader
        title="File URLs"
        subheader="Manuals, data sheets and other files of this product."
        action={
          <Button component={RouterLink} to={manage} size="small">
            Manage
          </Button>
        }
      />
      {fileUrls.isPending ? (
        <Skeleton variant="rounded" height={60} sx={{ mx: 2, mb: 2 }} />
      ) : fileUrls.isError ? (
        <Typography color="error" role="alert" sx={{ px: 2, pb: 2 }}>
          {errorText(fileUrls.error)}
        </Typography>
      ) : fileUrls.data.results.length === 0 ? (
        <Typography color="text.secondary" variant="body2" sx={{ px: 2, pb: 2 }}>
          No file URLs yet.
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Product file URLs">
            <TableHead>
              <TableRow>
                <TableCell align="right" sx={{ width: 64 }}>
                  Priority
                </TableCell>
                <TableCell>File</TableCell>
                <TableCell>Source</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {fileUrls.data.results.map((fileUrl) => (
                <TableRow key={fileUrl.id}>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {fileUrl.priority}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 280 }}>
                    <Link href={fileUrl.url} target="_blank" rel="noopener noreferrer" title={fileUrl.url} sx={ellipsis}>
                      {fileUrl.title || fileUrl.url}
                    </Link>
                  </TableCell>
                  <TableCell>
                    {fileUrl.removed_from_source ? <Chip size="small" color="warning" variant="outlined" label="Removed from source" /> : 'Available'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {data && data.count > data.results.length ? (
        <Typography variant="body2" sx={{ px: 2, py: 1 }}>
          <Link component={RouterLink} to={manage}>
            All {data.count} file URLs
          </Link>
        </Typography>
      ) : null}
    </Card>
  );
}
