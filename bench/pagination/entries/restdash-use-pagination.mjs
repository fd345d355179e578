export { usePagination } from '@restdash/pagination/react';
