import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useSearchParams } from 'react-router';
import { errorText } from '@/lib/api-client';
import { fullName, initials } from '@/lib/format';
import { useUsers } from '../api/list-users';

/** The URL search param holding the name filter (filters live in the URL, DESIGN §6). */
export const USER_SEARCH_PARAM = 'people';

export function CompanyUsersCard() {
  const [searchParams, setSearchParams] = useSearchParams();
  const name = searchParams.get(USER_SEARCH_PARAM) ?? '';
  const users = useUsers({ name });

  const handleSearch = (value: string) => {
    setSearchParams(
      (params) => {
        if (value) params.set(USER_SEARCH_PARAM, value);
        else params.delete(USER_SEARCH_PARAM);
        return params;
      },
      { replace: true },
    );
  };

  const page = users.data;
  return (
    <Card>
      <CardHeader
        title="Team"
        subheader={page ? `${page.count} ${page.count === 1 ? 'person' : 'people'} in your company` : ' '}
        action={
          <TextField
            label="Search people"
            value={name}
            onChange={(event) => handleSearch(event.target.value)}
            sx={{ width: { xs: '100%', sm: 220 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        }
        sx={{ flexWrap: 'wrap', rowGap: 1.5, '& .MuiCardHeader-action': { m: 0, width: { xs: '100%', sm: 'auto' } } }}
      />
      {users.isFetching ? <LinearProgress sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      {users.isError ? (
        <Typography color="error" sx={{ p: 2 }} role="alert">
          {errorText(users.error)}
        </Typography>
      ) : (
        <Table aria-label="Team">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell align="right">Role</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {page?.results.map((user) => (
              <TableRow key={user.id} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
                    <Avatar sx={{ width: 26, height: 26, fontSize: 12, bgcolor: 'secondary.light' }}>{initials(user)}</Avatar>
                    {fullName(user)}
                  </Box>
                </TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{user.email}</TableCell>
                <TableCell align="right">
                  <Chip size="small" label={user.company_role} color={user.company_role === 'Admin' ? 'primary' : 'default'} variant="outlined" />
                </TableCell>
              </TableRow>
            ))}
            {page && page.results.length === 0 ? (
              <TableRow>
                <TableCell colSpan={3} sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
                  No one matches “{name}”.
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      )}
      {page && page.count > page.results.length ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1 }}>
          Showing {page.results.length} of {page.count}. Search to narrow the list.
        </Typography>
      ) : null}
    </Card>
  );
}
