export { Pagination } from '@restdash/pagination/react';
