// One city as each version of the API sends it, side by side: the same record, three shapes. The handlers write
// only the newest; the two older answers are the API's history of version changes at work (migrated down).
import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import type { VersionRequest } from '../shared/api.js';

/** What one version answered for the city: its JSON, or why there is none. */
type Shown =
  | { readonly kind: 'loading' }
  | { readonly kind: 'record'; readonly json: string }
  | { readonly kind: 'failed'; readonly why: string };

/** The first city of a version's list searched for `name`, as that version's JSON has it. */
async function recordIn(request: VersionRequest, name: string): Promise<Shown> {
  const url = new URL(request.url);
  url.searchParams.set('search', name);
  url.searchParams.set('page_size', '1');
  const response = await fetch(url, { headers: request.headers });
  if (!response.ok) return { kind: 'failed', why: `${response.status} ${response.statusText}` };
  const body = (await response.json()) as { results?: unknown[]; data?: unknown[] };
  const record = (body.results ?? body.data ?? [])[0];
  if (record === undefined) return { kind: 'failed', why: 'no such city' };
  return { kind: 'record', json: JSON.stringify(record, null, 2) };
}

/** The example city in every version, next to each other (stacked on a narrow screen). */
export function RecordPanel({
  versions,
  city,
}: {
  versions: readonly VersionRequest[];
  city: string;
}): ReactElement {
  const [shown, setShown] = useState<readonly Shown[]>(() => versions.map(() => ({ kind: 'loading' })));
  useEffect(() => {
    let current = true;
    void Promise.all(
      versions.map((request) =>
        recordIn(request, city).catch((error: unknown) => ({ kind: 'failed' as const, why: String(error) })),
      ),
    ).then((answers) => {
      if (current) setShown(answers);
    });
    return () => {
      current = false;
    };
  }, [versions, city]);
  return (
    <section className="mt-4" aria-labelledby="record-heading" data-testid="record-panel">
      <h2 id="record-heading" className="h5">
        {city} in every version
      </h2>
      <p className="small text-body-secondary">
        The same record as each version sends it. The server's handlers write only the newest version; the
        older answers come from its history of version changes (see the changelog): the id became a string,
        the country was renamed, the id, location and URL were added.
      </p>
      <div className="row g-2">
        {versions.map((request, index) => {
          const answer = shown[index] ?? { kind: 'loading' };
          return (
            <div className="col-12 col-md-4" key={request.version} data-testid={`record-${request.version}`}>
              <div className="card h-100">
                <div className="card-header small">
                  version <code>{request.version}</code>
                </div>
                <pre className="card-body small mb-0 record-json" aria-busy={answer.kind === 'loading'}>
                  {answer.kind === 'record'
                    ? answer.json
                    : answer.kind === 'failed'
                      ? `(${answer.why})`
                      : '…'}
                </pre>
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}
