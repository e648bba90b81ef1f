import { alpha, createTheme } from '@mui/material/styles';

const border = '#e2e6ec';
const primary = '#1f5f99';

/** Calm blue, quiet greys, dense tables: a back-office someone looks at all day. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: primary, light: '#4f86bd', dark: '#17466f', contrastText: '#ffffff' },
    secondary: { main: '#5b6b7f' },
    success: { main: '#2e7d5b' },
    warning: { main: '#b26a00' },
    error: { main: '#c0392b' },
    background: { default: '#f5f7fa', paper: '#ffffff' },
    text: { primary: '#1b2633', secondary: '#5b6b7f' },
    divider: border,
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    fontSize: 14,
    h4: { fontWeight: 650, fontSize: '1.6rem', letterSpacing: '-0.01em' },
    h5: { fontWeight: 650, fontSize: '1.3rem', letterSpacing: '-0.005em' },
    h6: { fontWeight: 600, fontSize: '1.05rem' },
    subtitle1: { fontWeight: 600 },
    subtitle2: { fontWeight: 600, fontSize: '0.8rem' },
    overline: { fontWeight: 600, letterSpacing: '0.08em', lineHeight: 2 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: { styleOverrides: { body: { WebkitFontSmoothing: 'antialiased' } } },
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { borderRadius: 7 } } },
    MuiIconButton: { defaultProps: { size: 'medium' } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: border } } },
    MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderColor: border } } },
    MuiCardHeader: {
      defaultProps: { slotProps: { title: { variant: 'subtitle1' }, subheader: { variant: 'body2' } } },
      styleOverrides: { root: { paddingBottom: 8 } },
    },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiDrawer: { styleOverrides: { paper: { borderColor: border } } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiTable: { defaultProps: { size: 'small' } },
    MuiTableCell: {
      styleOverrides: {
        root: { borderColor: border, paddingTop: 9, paddingBottom: 9 },
        head: { fontWeight: 600, color: '#5b6b7f', fontSize: '0.78rem', textTransform: 'uppercase', letterSpacing: '0.04em', backgroundColor: '#f8fafc' },
      },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: {
          borderRadius: 7,
          '&.Mui-selected': { backgroundColor: alpha(primary, 0.1), color: primary, '& .MuiListItemIcon-root': { color: primary } },
          '&.Mui-selected:hover': { backgroundColor: alpha(primary, 0.14) },
        },
      },
    },
    MuiListItemIcon: { styleOverrides: { root: { minWidth: 36 } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
