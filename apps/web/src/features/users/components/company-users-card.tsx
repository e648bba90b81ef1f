import type { UserListItem } from '@kontor/contract';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import SearchIcon from '@mui/icons-material/Search';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSnackbar } from '@/components/snackbar-provider';
import { errorText, serverMessage } from '@/lib/api-client';
import { useRequiredUser } from '@/lib/current-user';
import { fullName, initials } from '@/lib/format';
import { useUsers } from '../api/list-users';
import { useUpdateUser } from '../api/update-user';
import { AddUserDialog } from './add-user-dialog';

/** The URL search param holding the name filter (filters live in the URL, DESIGN §6). */
export const USER_SEARCH_PARAM = 'people';

export function CompanyUsersCard() {
  const me = useRequiredUser();
  // Managing people is an Admin's (the API answers Staff 403): Staff see the list only.
  const isAdmin = me.company_role === 'Admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const name = searchParams.get(USER_SEARCH_PARAM) ?? '';
  const users = useUsers({ name });
  const [adding, setAdding] = useState(false);

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
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
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
            {isAdmin ? (
              <Button variant="outlined" startIcon={<PersonAddAlt1OutlinedIcon />} onClick={() => setAdding(true)} sx={{ flexShrink: 0 }}>
                Add person
              </Button>
            ) : null}
          </Stack>
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
              {isAdmin ? (
                <TableCell align="right" sx={{ width: 56 }}>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              ) : null}
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
                  <Stack direction="row" spacing={0.75} sx={{ justifyContent: 'flex-end' }}>
                    {user.is_active ? null : <Chip size="small" label="Deactivated" color="warning" variant="outlined" />}
                    <Chip size="small" label={user.company_role} color={user.company_role === 'Admin' ? 'primary' : 'default'} variant="outlined" />
                  </Stack>
                </TableCell>
                {isAdmin ? (
                  <TableCell align="right" sx={{ py: 0 }}>
                    {/* An Admin manages the others; their own role and access stay as they are. */}
                    {user.id === me.id ? null : <UserActions user={user} />}
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
            {page && page.results.length === 0 ? (
              <TableRow>
                <TableCell colSpan={isAdmin ? 4 : 3} sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
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
      {isAdmin ? <AddUserDialog open={adding} onClose={() => setAdding(false)} /> : null}
    </Card>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** An Admin's menu for one person: switch the role, deactivate (after a confirmation) or reactivate. */
function UserActions({ user }: { user: UserListItem }) {
  const showSnackbar = useSnackbar();
  const updateMutation = useUpdateUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirmingDeactivate, setConfirmingDeactivate] = useState(false);
  const name = fullName(user);
  const otherRole = user.company_role === 'Admin' ? 'Staff' : 'Admin';

  const update = (body: Parameters<typeof updateMutation.mutate>[0]['body'], done: string) => {
    setAnchor(null);
    updateMutation.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          setConfirmingDeactivate(false);
          showSnackbar(done);
        },
        onError: (error) => {
          setConfirmingDeactivate(false);
          showSnackbar(serverMessage(error), 'error');
        },
      },
    );
  };

  return (
    <>
      <IconButton
        aria-label={`Actions for ${name}`}
        aria-haspopup="menu"
        size="small"
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={updateMutation.isPending}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => update({ company_role: otherRole }, `${name} is now ${otherRole}.`)}>Make {otherRole}</MenuItem>
        {user.is_active ? (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              setConfirmingDeactivate(true);
            }}
          >
            Deactivate
          </MenuItem>
        ) : (
          <MenuItem onClick={() => update({ is_active: true }, `${name} can log in again.`)}>Reactivate</MenuItem>
        )}
      </Menu>
      <ConfirmDialog
        open={confirmingDeactivate}
        title={`Deactivate ${name}?`}
        message={`${name} is logged out everywhere at once and cannot log in until an Admin reactivates them. Nothing they made is removed.`}
        confirmLabel="Deactivate"
        destructive
        pending={updateMutation.isPending}
        onConfirm={() => update({ is_active: false }, `${name} is deactivated.`)}
        onClose={() => setConfirmingDeactivate(false)}
      />
    </>
  );
}
