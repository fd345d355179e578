/**
 * Strict readers of the header fields the version lifecycle sends, written from the RFCs' ABNF, so tests check the
 * syntax a client's parser expects rather than the strings the code happens to build.
 */

/** RFC 9110 §5.6.7 IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const imfFixdate =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/** The instant of an IMF-fixdate (RFC 8594's `Sunset = HTTP-date`, as a sender must write it); throws otherwise. */
export function parseImfFixdate(value: string): number {
  if (!imfFixdate.test(value)) throw new SyntaxError(`not an IMF-fixdate: ${JSON.stringify(value)}`);
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new SyntaxError(`Date.parse cannot read ${JSON.stringify(value)}`);
  // The day name must be the one of the date (RFC 9110: day-name is the day of the week of the date).
  if (new Date(time).toUTCString() !== value) throw new SyntaxError(`inconsistent date: ${value}`);
  return time;
}

/** RFC 9651 §3.3.7 sf-date = "@" sf-integer; sf-integer = ["-"] 1*15DIGIT. Returns the seconds; throws otherwise. */
export function parseSfDate(value: string): number {
  const match = /^@(-?\d{1,15})$/.exec(value);
  if (match?.[1] === undefined) throw new SyntaxError(`not an sf-date: ${JSON.stringify(value)}`);
  return Number(match[1]);
}

/** One link-value of a `Link` field: its target and its parameters (names lower-cased, values unquoted). */
export interface LinkValue {
  readonly target: string;
  readonly params: ReadonlyMap<string, string>;
}

const tchar = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

/**
 * Parses a `Link` field value by RFC 8288 §3:
 * `Link = #link-value`, `link-value = "<" URI-Reference ">" *( OWS ";" OWS link-param )`,
 * `link-param = token BWS [ "=" BWS ( token / quoted-string ) ]`. Throws a `SyntaxError` at the first deviation.
 */
export function parseLinkHeader(field: string): LinkValue[] {
  let at = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`Link: expected ${what} at ${at} in ${JSON.stringify(field)}`);
  };
  const ows = () => {
    while (field[at] === ' ' || field[at] === '\t') at++;
  };
  const token = (): string => {
    const start = at;
    while (at < field.length && tchar.test(field[at] ?? '')) at++;
    if (at === start) fail('a token');
    return field.slice(start, at);
  };
  const quoted = (): string => {
    at++; // the opening DQUOTE
    let text = '';
    for (;;) {
      const char = field[at];
      if (char === undefined) return fail('a closing quote');
      if (char === '"') break;
      if (char === '\\') {
        at++;
        const escaped = field[at];
        if (escaped === undefined) return fail('an escaped character');
        text += escaped;
      } else {
        // qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
        if (char !== '\t' && (char < ' ' || char === '\x7f')) fail('qdtext');
        text += char;
      }
      at++;
    }
    at++;
    return text;
  };
  const links: LinkValue[] = [];
  for (;;) {
    ows();
    if (field[at] !== '<') fail('"<"');
    const end = field.indexOf('>', at);
    if (end === -1) fail('">"');
    const target = field.slice(at + 1, end);
    if (!/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/.test(target)) fail('a URI-Reference');
    if (!URL.canParse(target, 'http://localhost/')) fail('a URI-Reference that resolves');
    at = end + 1;
    const params = new Map<string, string>();
    for (;;) {
      ows();
      if (field[at] !== ';') break;
      at++;
      ows();
      const name = token().toLowerCase();
      ows();
      let value = '';
      if (field[at] === '=') {
        at++;
        ows();
        value = field[at] === '"' ? quoted() : token();
      }
      // RFC 8288 §3.3: a rel parameter after the first one is ignored.
      if (!params.has(name)) params.set(name, value);
    }
    links.push({ target, params });
    ows();
    if (at === field.length) return links;
    if (field[at] !== ',') fail('"," or the end');
    at++;
  }
}
