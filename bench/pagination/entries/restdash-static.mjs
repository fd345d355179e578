export { StaticPagination } from '@restdash/pagination/static';
