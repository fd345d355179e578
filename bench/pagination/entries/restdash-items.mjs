export { paginationItems } from '@restdash/pagination';
