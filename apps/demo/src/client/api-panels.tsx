// What the page shows of its HTTP exchange with the API: the request, a problem answer, the links of a body.
import type { MouseEvent, ReactElement } from 'react';
import { toCurl } from '../shared/api.js';
import type { Problem } from '../shared/api.js';
import type { ApiResponse } from './fetch-cities.js';

/** The exact request the page sent: URL, every header, the same as a curl command. */
export function RequestPanel({
  url,
  headers,
  openable,
}: {
  url: string;
  headers: Readonly<Record<string, string>>;
  /** The version rides in the URL, so opening it in a tab shows the same answer. */
  openable: boolean;
}): ReactElement {
  return (
    <div className="card mb-3">
      <div className="card-body py-2 small text-break">
        <div>
          <span className="text-body-secondary">Request: </span>
          <code data-testid="api-request">GET {url}</code>
          {Object.entries(headers).map(([name, value]) => (
            <code key={name} className="d-block ms-3" data-testid="api-request-header">
              {name}: {value}
            </code>
          ))}
          {openable && (
            <a className="ms-2" href={url} target="_blank" rel="noreferrer">
              open JSON
            </a>
          )}
        </div>
        <div>
          <span className="text-body-secondary">In a shell: </span>
          <code data-testid="api-curl">{toCurl({ url, headers })}</code>
        </div>
      </div>
    </div>
  );
}

/**
 * The API's problem answer as it came: status line, the detail (translated by the API after the request's
 * `Accept-Language`; `Content-Language` says into what), the code and the `application/problem+json` document.
 * Without an answer (network) or with one that is no problem document, it says so instead of making one up.
 */
export function ProblemAlert({
  problem,
  document,
  response,
}: {
  problem: Problem;
  document: unknown;
  response: ApiResponse | null;
}): ReactElement {
  const language = response?.headers['content-language'];
  const contentType = response?.headers['content-type'] ?? '';
  return (
    <div className="alert alert-danger" role="alert" data-testid="api-error">
      <div>
        <strong data-testid="api-error-status">
          {response === null ? 'No answer' : `${response.status} ${problem.title}`}
        </strong>
        {' — '}
        <span data-testid="api-error-detail" lang={language}>
          {problem.detail}
        </span>{' '}
        <code className="ms-1">{problem.code}</code>
      </div>
      {response !== null && (
        <>
          <div className="small mt-1">
            The API’s answer: <code>{contentType}</code>
            {language !== undefined && (
              <>
                , <code data-testid="api-error-language">Content-Language: {language}</code>
              </>
            )}
          </div>
          <pre
            className="small mb-0 mt-2 text-break"
            style={{ whiteSpace: 'pre-wrap' }}
            data-testid="problem-document"
          >
            {typeof document === 'string' ? document : JSON.stringify(document, null, 2)}
          </pre>
        </>
      )}
    </div>
  );
}

/** Whether a click is a plain one (no modifier, main button): the page handles it in place. */
export function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The links of the response body, as links: a plain click follows one in the page (`onFollow`, which asks the API
 * for that URL with the same headers); a middle click or a new tab opens the API's JSON itself.
 */
export function ResponseLinks({
  links,
  onFollow,
  headerNote,
}: {
  links: Readonly<Record<string, string | null>>;
  onFollow: (link: string) => void;
  /** Set when the version rides in a header a plain link cannot carry. */
  headerNote: string | null;
}): ReactElement {
  return (
    <details className="small mb-3" open>
      <summary>Links in the response body (built with request.reverse)</summary>
      <dl className="mb-0 mt-2" data-testid="api-links">
        {Object.entries(links).map(([name, link]) => (
          <div key={name} className="d-flex gap-2">
            <dt className="fw-normal text-body-secondary">{name}</dt>
            <dd className="mb-0 text-break">
              {link === null ? (
                <code>null</code>
              ) : (
                <a
                  href={link}
                  data-link-name={name}
                  onClick={(event) => {
                    if (!isPlainClick(event)) return;
                    event.preventDefault();
                    onFollow(link);
                  }}
                >
                  {link}
                </a>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {headerNote !== null && <p className="text-body-secondary mb-0 mt-1">{headerNote}</p>}
    </details>
  );
}
