import type { ReactElement } from 'react';
import { isPlainClick } from './api-panels.js';
import type { CityListView, CityRow } from './fetch-cities.js';

/** One page of cities in a table: the v1 columns, or v2's with the id and the location; ranks and populations in
 * the page's number format. */
export function CityTable({
  view,
  firstRank,
  numberFormat,
  onOpenCity,
}: {
  view: CityListView;
  firstRank: number;
  numberFormat: Intl.NumberFormat;
  /** A plain click on a city's name (v2, v3: a link to its detail) shows the detail in the page. */
  onOpenCity: (city: CityRow & { readonly url: string }) => void;
}): ReactElement {
  const v2 = view.shape === 2;
  const cityName = (row: CityRow) => {
    const { url } = row;
    if (url === undefined) return row.name;
    return (
      <a
        href={url}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onOpenCity({ ...row, url });
        }}
      >
        {row.name}
      </a>
    );
  };
  return (
    <div className="table-responsive">
      <table className="table table-striped table-hover align-middle" data-testid="cities">
        <thead>
          <tr>
            <th scope="col">#</th>
            {v2 && <th scope="col">id</th>}
            <th scope="col">name</th>
            <th scope="col">{v2 ? 'countryCode' : 'country'}</th>
            <th scope="col" className="text-end">
              population
            </th>
            {v2 && <th scope="col">location (lat, lon)</th>}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row, index) => (
            <tr key={row.key}>
              <td className="text-body-secondary">{numberFormat.format(firstRank + index)}</td>
              {v2 && <td>{row.id}</td>}
              <td className="city-name">{cityName(row)}</td>
              <td>{row.country}</td>
              <td className="text-end font-monospace">{numberFormat.format(row.population)}</td>
              {v2 && (
                <td className="font-monospace small">
                  {row.lat?.toFixed(4)}, {row.lon?.toFixed(4)}
                </td>
              )}
            </tr>
          ))}
          {view.rows.length === 0 && (
            <tr>
              <td colSpan={v2 ? 6 : 4} className="text-center text-body-secondary">
                No city matches.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
