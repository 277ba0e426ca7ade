// MUI's Menu and MenuItem in one download (see LazyMenu).
export { default as Menu } from '@mui/material/Menu';
export { default as MenuItem } from '@mui/material/MenuItem';
