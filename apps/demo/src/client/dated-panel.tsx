// A panel of its own beside the city table: a date-versioned request (HeaderVersioning with versionFormat 'date')
// and the version that serves it, the newest one released on or before the date asked for.
import { useState } from 'react';
import type { ReactElement, SyntheticEvent } from 'react';

/** Where the dated route group is served, and the header that carries its version. */
const url = '/api/dated/changes/';
const header = 'Api-Version';

/** What the panel shows of an answer: the served version, or the problem's detail. */
type Answer =
  | {
      readonly kind: 'served';
      readonly requested: string | null;
      readonly version: string;
      readonly versions: readonly string[];
    }
  | { readonly kind: 'problem'; readonly status: number; readonly code: string; readonly detail: string };

async function ask(date: string): Promise<Answer> {
  const response = await fetch(url, { headers: date === '' ? {} : { [header]: date } });
  const body = (await response.json()) as Record<string, unknown>;
  if (response.ok) {
    return {
      kind: 'served',
      requested: typeof body['requested'] === 'string' ? body['requested'] : null,
      version: String(body['version']),
      versions: Array.isArray(body['versions']) ? body['versions'].map(String) : [],
    };
  }
  return {
    kind: 'problem',
    status: response.status,
    code: String(body['code']),
    detail: String(body['detail']),
  };
}

/** A date field and the version a request sending it gets. */
export function DatedVersionPanel(): ReactElement {
  const [date, setDate] = useState('2024-03-15');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    ask(date).then(setAnswer, (error: unknown) => {
      setAnswer({ kind: 'problem', status: 0, code: 'network', detail: String(error) });
    });
  };
  return (
    <section className="card mb-3" aria-label="Date versions" data-testid="dated-panel">
      <div className="card-body">
        <h2 className="h5">Date versions</h2>
        <p className="small text-body-secondary mb-2">
          A second route group, <code>GET {url}</code>, is versioned by a date in <code>{header}</code>: a
          request is served by the newest version released on or before the date it sends.
        </p>
        <form className="d-flex flex-wrap align-items-center gap-2" onSubmit={submit}>
          <label htmlFor="dated-version" className="form-label mb-0">
            {header}:
          </label>
          <input
            id="dated-version"
            className="form-control form-control-sm w-auto"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
            }}
            placeholder="YYYY-MM-DD"
          />
          <button type="submit" className="btn btn-sm btn-primary">
            Send
          </button>
        </form>
        {answer?.kind === 'served' && (
          <p className="mt-2 mb-0" data-testid="dated-answer">
            Asked for <code>{answer.requested ?? '(no version)'}</code>, served version{' '}
            <strong data-testid="dated-version-served">{answer.version}</strong> (versions:{' '}
            {answer.versions.join(', ')})
          </p>
        )}
        {answer?.kind === 'problem' && (
          <p className="mt-2 mb-0 text-danger" role="alert" data-testid="dated-problem">
            {answer.status} <code>{answer.code}</code>: {answer.detail}
          </p>
        )}
      </div>
    </section>
  );
}
