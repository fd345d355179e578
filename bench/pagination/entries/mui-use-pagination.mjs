export { default as usePagination } from '@mui/material/usePagination';
