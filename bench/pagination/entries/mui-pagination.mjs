export { default as Pagination } from '@mui/material/Pagination';
