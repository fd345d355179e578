// What dash-bootstrap-components imports.
export { default as Pagination } from 'react-bootstrap/Pagination';
