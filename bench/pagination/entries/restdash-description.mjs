export { Pagination } from '@restdash/pagination';
