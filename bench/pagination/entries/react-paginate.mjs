export { default as ReactPaginate } from 'react-paginate';
