import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useRequiredUser } from '@/lib/current-user';
import { fullName, initials } from '@/lib/format';
import { useLogout } from '../api/logout';

// The dialog's form (react-hook-form, zod) loads when it first opens, not with every screen's top bar (ADR 0028).
const ChangePasswordDialog = lazy(async () => ({ default: (await import('./change-password-dialog')).ChangePasswordDialog }));

export function UserMenu() {
  const user = useRequiredUser();
  const logoutMutation = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changingPassword, setChangingPassword] = useState(false);
  // Mounted from its first opening on, so it keeps its closing transition.
  const [passwordDialogLoaded, setPasswordDialogLoaded] = useState(false);

  const handleClose = () => setAnchor(null);
  const handleChangePassword = () => {
    handleClose();
    setChangingPassword(true);
    setPasswordDialogLoaded(true);
  };
  const handleLogout = () => {
    handleClose();
    logoutMutation.mutate();
  };

  return (
    <>
      <IconButton aria-label="Account" aria-haspopup="menu" aria-expanded={anchor ? 'true' : undefined} onClick={(event) => setAnchor(event.currentTarget)}>
        <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }}>{initials(user)}</Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, mt: 0.5 } } }}
      >
        <Box sx={{ px: 2, py: 1.25 }}>
          <Typography variant="subtitle1" noWrap>
            {fullName(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.company_name} · {user.company_role}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to="/company-Preferences" onClick={handleClose}>
          <ListItemIcon>
            <StorefrontOutlinedIcon fontSize="small" />
          </ListItemIcon>
          Company preferences
        </MenuItem>
        <MenuItem onClick={handleChangePassword}>
          <ListItemIcon>
            <KeyOutlinedIcon fontSize="small" />
          </ListItemIcon>
          Change password
        </MenuItem>
        <MenuItem onClick={handleLogout} disabled={logoutMutation.isPending}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Log out
        </MenuItem>
      </Menu>
      {passwordDialogLoaded ? (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changingPassword} email={user.email} onClose={() => setChangingPassword(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
